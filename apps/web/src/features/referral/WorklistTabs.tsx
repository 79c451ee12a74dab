import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Input, Space, Tabs } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReferralRow, ReferralWorklist } from '@medalliance/contract';
import { referralApi } from './api.ts';
import { ReferralDrawer } from './ReferralDrawer.tsx';
import { ReferralTable } from './ReferralTable.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import './referral.css';

export interface ExtraTab {
  key: string;
  label: string;
  count?: number;
  content: ReactNode;
}

/** One worklist table (paged on the server). */
function WorklistTable({
  list,
  keyword,
  onOpen,
  extra,
}: {
  list: ReferralWorklist;
  keyword: string;
  onOpen: (r: ReferralRow) => void;
  extra?: (r: ReferralRow) => ReactNode;
}) {
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['referral', 'worklist', list, keyword, page],
    queryFn: async () => (await referralApi.worklist(list, { ...page, keyword })).data,
    placeholderData: keepPreviousData,
  });
  return (
    <ReferralTable
      data={q.data}
      loading={q.isFetching}
      page={page}
      onPage={(currentPage, pageSize) => setPage({ currentPage, pageSize })}
      onOpen={onOpen}
      extra={extra}
      testId={`referral-table-${list}`}
    />
  );
}

/**
 * The worklists of a referral screen as tabs with their counts (待我审批,
 * 待我接收, 已同意未到诊, 下转待接收, 转诊后两周待随访, 超时未处理 …), a
 * keyword search, the detail drawer; `toolbar` and `extraTabs` add a
 * screen's own buttons and tabs.
 */
export function WorklistTabs({
  lists,
  testId,
  toolbar,
  extraTabs = [],
  extra,
}: {
  lists: ReferralWorklist[];
  testId: string;
  toolbar?: ReactNode;
  extraTabs?: ExtraTab[];
  extra?: (r: ReferralRow, open: (id: string) => void) => ReactNode;
}) {
  const { t } = useTranslation(NS);
  const [active, setActive] = useState<string>(lists[0] ?? extraTabs[0]?.key ?? '');
  const [keyword, setKeyword] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const counts = useQueries({
    queries: lists.map((l) => ({
      queryKey: ['referral', 'worklist', l, '', { currentPage: 1, pageSize: 1 }],
      queryFn: async () => (await referralApi.worklist(l, { currentPage: 1, pageSize: 1 })).data,
    })),
  });
  const items = [
    ...lists.map((l, i) => ({
      key: l,
      label: (
        <span data-testid={`referral-tab-${l}`}>
          {t(`wl.${l}`)}{' '}
          <Badge count={counts[i]?.data?.pagination.total ?? 0} showZero overflowCount={9999} color={l === 'breached' ? 'red' : 'blue'} />
        </span>
      ),
      children:
        active === l ? (
          <WorklistTable
            list={l}
            keyword={keyword}
            onOpen={(r) => setOpenId(r.id)}
            extra={extra ? (r) => extra(r, setOpenId) : undefined}
          />
        ) : null,
    })),
    ...extraTabs.map((x) => ({
      key: x.key,
      label: (
        <span data-testid={`referral-tab-${x.key}`}>
          {x.label} {x.count !== undefined ? <Badge count={x.count} showZero overflowCount={9999} color="orange" /> : null}
        </span>
      ),
      children: active === x.key ? x.content : null,
    })),
  ];
  return (
    <Card data-testid={testId} className="referral-screen">
      <Space style={{ marginBottom: 8 }} wrap>
        <Input.Search allowClear placeholder={t('keyword')} onSearch={setKeyword} style={{ width: 260 }} data-testid="referral-keyword" />
        <Button icon={<ReloadOutlined />} onClick={() => counts.forEach((c) => void c.refetch())}>
          {t('refresh')}
        </Button>
        {toolbar}
      </Space>
      <Tabs activeKey={active} onChange={setActive} items={items} />
      <ReferralDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
