import { useState } from 'react';
import { Button, Card, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPLY_STATUSES, type ApplicationRow } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { fmtTime } from './format.ts';
import { FlowDecision, StatusTag } from './shared.tsx';
import { NS } from './messages.ts';

/** Applications to attend: mine (cancel while waiting), to approve (the engine's task), or all of them. */
export function ApplicationTable({ box }: { box: 'mine' | 'todo' | 'all' }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [q, setQ] = useState({ box, currentPage: 1, pageSize: 20, keyword: '', status: '', order: 'desc' });
  const data = useQuery({ queryKey: ['training', 'applications', q], queryFn: async () => (await trainingApi.applications(q)).data });
  const refresh = () => void client.invalidateQueries({ queryKey: ['training'] });
  return (
    <Card data-testid={`applications-${box}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        {box !== 'todo' && (
          <Select
            style={{ width: 130 }}
            value={q.status}
            onChange={(v) => setQ({ ...q, status: v, currentPage: 1 })}
            options={[{ value: '', label: t('allStates') }, ...APPLY_STATUSES.map((s) => ({ value: s, label: t(`apply.${s}`) }))]}
          />
        )}
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={box === 'mine' ? t('searchCourse') : t('searchApplication')}
          style={{ width: 240 }}
          onSearch={(v) => setQ({ ...q, keyword: v.trim(), currentPage: 1 })}
        />
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {t('refresh')}
        </Button>
      </Space>
      <Table<ApplicationRow>
        rowKey="id"
        size="middle"
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        scroll={{ x: 1300 }}
        locale={{ emptyText: box === 'todo' ? t('noTodo') : t('noApplications') }}
        onChange={(_, __, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setQ({ ...q, order: s?.order === 'ascend' ? 'asc' : 'desc' });
        }}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setQ({ ...q, currentPage, pageSize }),
        }}
        columns={[
          { title: t('courseNo'), dataIndex: 'courseNo', width: 130 },
          { title: t('courseTitle'), dataIndex: 'courseTitle', width: 220, ellipsis: true },
          ...(box !== 'mine'
            ? [
                { title: t('applicant'), dataIndex: 'userName', width: 100 },
                { title: t('unit'), dataIndex: 'orgName', width: 150, ellipsis: true },
              ]
            : []),
          {
            title: t('reason'),
            dataIndex: 'reason',
            width: 220,
            ellipsis: true,
            render: (v: string | null) => <Typography.Text>{v || '—'}</Typography.Text>,
          },
          { title: t('appliedAt'), dataIndex: 'appliedAt', width: 150, sorter: true, render: fmtTime },
          { title: t('state'), dataIndex: 'status', width: 90, render: (v: string) => <StatusTag status={v} group="apply" /> },
          {
            title: t('decision'),
            dataIndex: 'decisionComment',
            width: 200,
            ellipsis: true,
            render: (v: string | null, r) => (r.decidedAt ? `${fmtTime(r.decidedAt)} ${v ?? ''}` : '—'),
          },
          {
            title: t('operation'),
            key: 'op',
            width: 160,
            fixed: 'right',
            render: (_: unknown, r) =>
              r.taskId ? (
                <FlowDecision taskId={r.taskId} onDone={refresh} testId={`apply-${r.id}`} />
              ) : box === 'mine' && r.status === 'pending' ? (
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() =>
                    Modal.confirm({
                      title: t('confirmCancelApply', { title: r.courseTitle }),
                      okButtonProps: { danger: true },
                      onOk: async () => {
                        await trainingApi.cancelApplication(r.id);
                        refresh();
                      },
                    })
                  }
                >
                  {t('cancelApply')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
