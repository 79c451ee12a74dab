import { useState, type ReactNode } from 'react';
import { Button, Card, Input, Select, Space, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LiveRow, LiveStatus } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { fmtTime } from './format.ts';
import { FlowDecision, StatusTag } from './shared.tsx';
import { NS } from './messages.ts';

/** Broadcasts of one box: mine, to approve (the engine's task), the schedule, or the replays. */
export function LiveTable({
  box,
  toolbar,
  statuses,
  actions,
  onOpen,
  testId,
  order = 'desc',
}: {
  box: 'mine' | 'todo' | 'schedule' | 'replay';
  toolbar?: ReactNode;
  statuses?: LiveStatus[];
  actions?: (r: LiveRow) => ReactNode;
  onOpen?: (r: LiveRow) => void;
  testId: string;
  order?: 'asc' | 'desc';
}) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [q, setQ] = useState({ box, currentPage: 1, pageSize: 20, keyword: '', status: '', order });
  const data = useQuery({ queryKey: ['training', 'lives', q], queryFn: async () => (await trainingApi.lives(q)).data });
  const refresh = () => void client.invalidateQueries({ queryKey: ['training'] });
  return (
    <Card data-testid={testId}>
      <Space wrap style={{ marginBottom: 12 }}>
        {toolbar}
        {statuses && (
          <Select
            style={{ width: 120 }}
            value={q.status}
            onChange={(v) => setQ({ ...q, status: v, currentPage: 1 })}
            options={[{ value: '', label: t('allStates') }, ...statuses.map((s) => ({ value: s, label: t(`live.${s}`) }))]}
          />
        )}
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={t('searchLive')}
          style={{ width: 220 }}
          onSearch={(v) => setQ({ ...q, keyword: v.trim(), currentPage: 1 })}
        />
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {t('refresh')}
        </Button>
      </Space>
      <Table<LiveRow>
        rowKey="id"
        size="middle"
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: box === 'todo' ? t('noTodo') : box === 'replay' ? t('noReplays') : t('noLives') }}
        onChange={(_, __, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          if (s?.order) setQ({ ...q, order: s.order === 'ascend' ? 'asc' : 'desc' });
        }}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setQ({ ...q, currentPage, pageSize }),
        }}
        columns={[
          {
            title: t('liveTitle'),
            dataIndex: 'title',
            render: (v: string, r) =>
              onOpen ? (
                <a onClick={() => onOpen(r)} data-testid={`live-open-${r.id}`}>
                  {v}
                </a>
              ) : (
                v
              ),
          },
          { title: t('speaker'), dataIndex: 'speaker', width: 150, ellipsis: true },
          { title: t('startsAt'), dataIndex: 'startsAt', width: 150, sorter: true, render: fmtTime },
          { title: t('endsAt'), dataIndex: 'endsAt', width: 150, render: fmtTime },
          { title: t('course'), dataIndex: 'courseTitle', width: 180, ellipsis: true, render: (v: string | null) => v ?? '—' },
          { title: t('attendees'), dataIndex: 'attendees', width: 80 },
          { title: t('state'), dataIndex: 'status', width: 90, render: (v: string) => <StatusTag status={v} group="live" /> },
          {
            title: t('operation'),
            key: 'op',
            width: 170,
            fixed: 'right',
            render: (_: unknown, r) =>
              r.taskId ? <FlowDecision taskId={r.taskId} onDone={refresh} testId={`live-${r.id}`} /> : actions?.(r),
          },
        ]}
      />
    </Card>
  );
}
