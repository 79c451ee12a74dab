import { useState } from 'react';
import { Drawer, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMAGING_STATUS_LABELS, type ImagingStatus, type ImgDrillRow } from '@medalliance/contract';
import { languageOf } from '../../../i18n/index.ts';
import { fmtMoney, fmtTime, STATUS_COLOR } from '../format.ts';
import { StudyDrawer } from '../StudyDrawer.tsx';
import { statsApi, type DrillParams, type StatsFilter } from './api.ts';
import { NS } from './messages.ts';
import './messages.ts';

export interface Drill extends DrillParams {
  title: string;
}

/** The studies behind a figure, paged, with the sums over every page (they equal the figure); a row opens the study. */
export function DrillDrawer({ filter, drill, onClose }: { filter: StatsFilter; drill: Drill | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const lang = languageOf(i18n);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);
  const key = drill ? { measure: drill.measure, key: drill.key, unitId: drill.unitId, month: drill.month } : null;
  const q = useQuery({
    queryKey: ['imgStats', 'drill', filter, key, page],
    queryFn: async () => (await statsApi.studies(filter, key!, page)).data,
    enabled: !!drill,
    placeholderData: keepPreviousData,
  });
  const sums = q.data?.sums;
  return (
    <>
      <Drawer
        open={!!drill}
        width={1280}
        title={drill?.title}
        onClose={() => (setPage({ currentPage: 1, pageSize: 20 }), onClose())}
        destroyOnHidden
        data-testid="img-stats-drill"
      >
        <div className="img-stats-sums" data-testid="img-drill-sums">
          {t('drillSums', { count: sums?.count ?? 0, diag: fmtMoney(sums?.diagFee ?? 0), apply: fmtMoney(sums?.applyFee ?? 0) })}
        </div>
        <Table<ImgDrillRow>
          rowKey="id"
          size="small"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          locale={{ emptyText: t('empty') }}
          scroll={{ x: 1180 }}
          onRow={(r) => ({ onClick: () => setOpenId(r.id), style: { cursor: 'pointer' } })}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: q.data?.pagination.total ?? 0,
            showSizeChanger: true,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          }}
          columns={[
            { title: t('applyNo'), dataIndex: 'applyNo', width: 150 },
            { title: t('patient'), dataIndex: 'patientName', width: 80 },
            { title: t('unit'), dataIndex: 'unitName', width: 170 },
            { title: t('item'), dataIndex: 'itemName', width: 130, render: (v: string | null) => v ?? '—' },
            {
              title: t('status'),
              dataIndex: 'status',
              width: 100,
              render: (v: string) => <Tag color={STATUS_COLOR[v]}>{IMAGING_STATUS_LABELS[v as ImagingStatus]?.[lang] ?? v}</Tag>,
            },
            { title: t('reader'), dataIndex: 'readerName', width: 80, render: (v: string | null) => v ?? '—' },
            { title: t('auditor'), dataIndex: 'auditorName', width: 80, render: (v: string | null) => v ?? '—' },
            { title: t('registeredAt'), dataIndex: 'registeredAt', width: 140, render: (v: number) => fmtTime(v) },
            { title: t('turnaround'), dataIndex: 'turnaroundHours', width: 100, align: 'right', render: (v: number | null) => v ?? '—' },
            { title: t('diagFee'), dataIndex: 'diagFee', width: 90, align: 'right', render: (v: number) => fmtMoney(v) },
            { title: t('applyFee'), dataIndex: 'applyFee', width: 90, align: 'right', render: (v: number) => fmtMoney(v) },
          ]}
        />
      </Drawer>
      {filter && <StudyDrawer centre={filter.centre} id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
