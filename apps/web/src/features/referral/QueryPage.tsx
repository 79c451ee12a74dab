import { useState } from 'react';
import { Button, Card, DatePicker, Input, Select, Space, Tabs } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { REFERRAL_STATUSES } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { dateStamp, saveBlob } from '../permission/shared/download.ts';
import { referralApi } from './api.ts';
import { ReferralDrawer } from './ReferralDrawer.tsx';
import { ReferralTable } from './ReferralTable.tsx';
import { StatsPanel } from './StatsPanel.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import './referral.css';

/** 转诊查询 (referral_query): every referral in the caller's scope with filters and Excel export; the statistics tab. */
export default function QueryPage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState('list');
  const [filter, setFilter] = useState<{ keyword: string; direction: string; status: string; range: [Dayjs, Dayjs] | null }>({
    keyword: '',
    direction: '',
    status: '',
    range: null,
  });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const f = {
    keyword: filter.keyword,
    direction: filter.direction,
    status: filter.status,
    dateFrom: filter.range ? filter.range[0].startOf('day').valueOf() : undefined,
    dateTo: filter.range ? filter.range[1].endOf('day').valueOf() : undefined,
  };
  const q = useQuery({
    queryKey: ['referral', 'query', f, page],
    queryFn: async () => (await referralApi.query({ ...f, ...page })).data,
    placeholderData: keepPreviousData,
  });
  const exportXlsx = async () => {
    setExporting(true);
    try {
      saveBlob((await referralApi.exportQuery(f)).data, `${t('wl.all')}-${dateStamp()}.xlsx`);
      toast.success(t('exported'));
    } finally {
      setExporting(false);
    }
  };
  const list = (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('keyword')}
          style={{ width: 220 }}
          onSearch={(keyword) => (setFilter({ ...filter, keyword }), setPage({ ...page, currentPage: 1 }))}
          data-testid="referral-keyword"
        />
        <Select
          style={{ width: 110 }}
          value={filter.direction}
          onChange={(direction) => setFilter({ ...filter, direction })}
          options={[{ value: '', label: t('col.direction') }, ...['1', '2'].map((d) => ({ value: d, label: t(`dir.${d}`) }))]}
        />
        <Select
          style={{ width: 150 }}
          value={filter.status}
          onChange={(status) => setFilter({ ...filter, status })}
          options={[
            { value: '', label: t('col.status') },
            ...REFERRAL_STATUSES.filter((s) => s !== '1' && s !== '99').map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        <DatePicker.RangePicker
          value={filter.range}
          onChange={(v) => setFilter({ ...filter, range: v && v[0] && v[1] ? [v[0], v[1]] : null })}
        />
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportXlsx()} data-testid="referral-export">
          {t('export')}
        </Button>
      </Space>
      <ReferralTable
        data={q.data}
        loading={q.isFetching}
        page={page}
        onPage={(currentPage, pageSize) => setPage({ currentPage, pageSize })}
        onOpen={(r) => setOpenId(r.id)}
        showWaiting={false}
      />
    </>
  );
  return (
    <Card data-testid="referral-query" className="referral-screen">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'list', label: <span data-testid="referral-tab-list">{t('wl.all')}</span>, children: tab === 'list' ? list : null },
          {
            key: 'stats',
            label: <span data-testid="referral-tab-stats">{t('stats.title')}</span>,
            children: tab === 'stats' ? <StatsPanel /> : null,
          },
        ]}
      />
      <ReferralDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
