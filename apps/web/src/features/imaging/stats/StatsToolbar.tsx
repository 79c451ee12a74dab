import { useState } from 'react';
import { Button, DatePicker, Select, Space } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { ImagingCentre } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { dateStamp, saveBlob } from '../../permission/shared/download.ts';
import { catalogApi } from '../catalog/api.ts';
import { CentreSwitch } from '../catalog/CentreSwitch.tsx';
import { statsApi, type StatsFilter } from './api.ts';
import { NS } from './messages.ts';
import './messages.ts';

const M = 'YYYY-MM';

/** The period (months), unit and, on the image centre page, the centre of a statistics page. */
export function useStatsFilter(initial: ImagingCentre) {
  const [centre, setCentre] = useState<ImagingCentre>(initial);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(5, 'month'), dayjs()]);
  const [unitId, setUnitId] = useState<string | undefined>();
  const filter: StatsFilter = { centre, monthFrom: range[0].format(M), monthTo: range[1].format(M), unitId };
  return { filter, centre, setCentre, range, setRange, unitId, setUnitId };
}
type Filter = ReturnType<typeof useStatsFilter>;

export function StatsToolbar({ f, centres, title }: { f: Filter; centres?: ImagingCentre[]; title: string }) {
  const { t } = useTranslation(NS);
  const [exporting, setExporting] = useState(false);
  // The units in the centre's organisation order.
  const units = useQuery({
    queryKey: ['imgCatalog', 'org-sort', f.centre],
    queryFn: async () => (await catalogApi.orgSort(f.centre)).data.list,
    staleTime: 60_000,
  });
  const exportXlsx = async () => {
    setExporting(true);
    try {
      saveBlob((await statsApi.export(f.filter)).data, `${title}-${dateStamp()}.xlsx`);
      toast.success(t('exported'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space wrap className="img-stats-toolbar">
      {centres && <CentreSwitch centres={centres} value={f.centre} onChange={(c) => (f.setCentre(c), f.setUnitId(undefined))} />}
      <span>{t('period')}</span>
      <DatePicker.RangePicker
        picker="month"
        value={f.range}
        allowClear={false}
        onChange={(v) => v && v[0] && v[1] && f.setRange([v[0], v[1]])}
        data-testid="img-stats-range"
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('allUnits')}
        style={{ width: 220 }}
        value={f.unitId}
        onChange={f.setUnitId}
        options={(units.data ?? []).map((u) => ({ value: u.orgId, label: u.name }))}
        data-testid="img-stats-unit"
      />
      <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportXlsx()} data-testid="img-stats-export">
        {t('export')}
      </Button>
    </Space>
  );
}
