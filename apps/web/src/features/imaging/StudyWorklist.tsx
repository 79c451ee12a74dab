import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, DatePicker, Input, Result, Select, Space, Tabs } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { IMAGING_STATUSES, type ImagingCentre, type ImagingStudyRow, type ImagingWorklist } from '@medalliance/contract';
import { imagingApi, type ListFilter } from './api.ts';
import { StudyDrawer } from './StudyDrawer.tsx';
import { StudyTable, type StudySort } from './StudyTable.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import './imaging.css';

/** One tab of a screen: a server worklist, optionally narrowed to one state. */
export interface WorklistTab {
  key: string;
  list: ImagingWorklist;
  status?: string;
  /** Status filter and date range above the table (query screens). */
  filters?: boolean;
  show?: { remaining?: boolean; released?: boolean; positive?: boolean; auditor?: boolean };
  hint?: string;
}

export interface RowTools {
  open: (id: string) => void;
  refresh: () => Promise<void>;
}

function WorklistTable({
  centre,
  tab,
  keyword,
  onOpen,
  extra,
}: {
  centre: ImagingCentre;
  tab: WorklistTab;
  keyword: string;
  onOpen: (r: ImagingStudyRow) => void;
  extra?: (r: ImagingStudyRow) => ReactNode;
}) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [sort, setSort] = useState<StudySort>({});
  const [status, setStatus] = useState(tab.status ?? '');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const filter: ListFilter = {
    ...page,
    ...sort,
    keyword,
    status,
    dateFrom: range?.[0]?.startOf('day').valueOf(),
    dateTo: range?.[1]?.endOf('day').valueOf(),
  };
  const q = useQuery({
    queryKey: ['imaging', centre, 'worklist', tab.list, filter],
    queryFn: async () => (await imagingApi(centre).worklist(tab.list, filter)).data,
    placeholderData: keepPreviousData,
  });
  return (
    <>
      {tab.hint ? <Alert type="info" showIcon message={tab.hint} style={{ marginBottom: 8 }} /> : null}
      {tab.filters ? (
        <Space style={{ marginBottom: 8 }} wrap>
          <Select
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            style={{ width: 160 }}
            aria-label={t('statusFilter')}
            options={[{ value: '', label: t('allStatuses') }, ...IMAGING_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
            data-testid="img-status-filter"
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => {
              setRange(v);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            placeholder={[t('dateRange'), t('dateRange')]}
          />
        </Space>
      ) : null}
      {q.isError && !q.data ? (
        <Result
          status="error"
          title={t('loadFailed')}
          extra={
            <Button onClick={() => void q.refetch()} data-testid="img-retry">
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <StudyTable
          data={q.data}
          loading={q.isFetching}
          since={q.dataUpdatedAt || Date.now()}
          page={page}
          onPage={(currentPage, pageSize) => setPage({ currentPage, pageSize })}
          onSort={(s) => setSort(s)}
          onOpen={onOpen}
          extra={extra}
          show={tab.show}
          testId={`img-table-${tab.key}`}
        />
      )}
    </>
  );
}

/**
 * A screen's worklists as tabs with their counts (待分诊, 我的待诊断, 待审核,
 * 超时 …), a keyword search, the study drawer. `toolbar` adds the screen's
 * own buttons; `extra` its row buttons.
 */
export function StudyWorklist({
  centre,
  tabs,
  testId,
  toolbar,
  extra,
  banner,
}: {
  centre: ImagingCentre;
  tabs: WorklistTab[];
  testId: string;
  toolbar?: (tools: RowTools) => ReactNode;
  extra?: (r: ImagingStudyRow, tools: RowTools) => ReactNode;
  banner?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [active, setActive] = useState(tabs[0]!.key);
  const [keyword, setKeyword] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const api = imagingApi(centre);
  const counts = useQueries({
    queries: tabs.map((tab) => ({
      queryKey: ['imaging', centre, 'worklist', tab.list, { currentPage: 1, pageSize: 1, status: tab.status ?? '' }],
      queryFn: async () => (await api.worklist(tab.list, { currentPage: 1, pageSize: 1, status: tab.status })).data,
    })),
  });
  const tools: RowTools = {
    open: setOpenId,
    refresh: () => qc.invalidateQueries({ queryKey: ['imaging', centre] }),
  };
  const items = tabs.map((tab, i) => ({
    key: tab.key,
    label: (
      <span data-testid={`img-tab-${tab.key}`}>
        {t(`wl.${tab.key}`)}{' '}
        <Badge
          count={counts[i]?.data?.pagination.total ?? 0}
          showZero
          overflowCount={9999}
          color={tab.key === 'breached' ? 'red' : tab.key === 'returned' ? 'orange' : 'blue'}
        />
      </span>
    ),
    children:
      active === tab.key ? (
        <WorklistTable
          centre={centre}
          tab={tab}
          keyword={keyword}
          onOpen={(r) => setOpenId(r.id)}
          extra={extra ? (r) => extra(r, tools) : undefined}
        />
      ) : null,
  }));
  return (
    <Card data-testid={testId} className="img-screen">
      {banner}
      <Space style={{ marginBottom: 8 }} wrap>
        <Input.Search allowClear placeholder={t('keyword')} onSearch={setKeyword} style={{ width: 240 }} data-testid="img-keyword" />
        <Button icon={<ReloadOutlined />} onClick={() => void tools.refresh()} data-testid="img-refresh">
          {t('refresh')}
        </Button>
        {toolbar?.(tools)}
      </Space>
      <Tabs activeKey={active} onChange={setActive} items={items} />
      <StudyDrawer centre={centre} id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
