import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Space, Table, Tabs, Tag, type ButtonProps } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FlowLinkType, flowDetailPath, type FdTeamRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { fdApi, fmtTime } from './api.ts';
import { MemberTags, StatusTag } from './TeamBits.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import './teams.css';

type Decision = { team: FdTeamRow; decision: 'approve' | 'reject' };

/**
 * 团队审核 (team_audit): teams in the audit flow, with the caller's own
 * waiting task approved or rejected through the workflow engine (the same
 * task the 待办 screen shows); the reviewed tab lists the outcomes.
 */
export default function TeamAuditPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<'pending' | 'active' | 'rejected'>('pending');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [form] = Form.useForm<{ opinion: string }>();
  const q = useQuery({
    queryKey: ['fdTeams', 'audit', tab, page],
    queryFn: async () => (await fdApi.teams({ ...page, status: tab, sidx: 'submittedAt', sort: 'desc' })).data,
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: async ({ d, opinion }: { d: Decision; opinion: string }) => fdApi.decide(d.team.id, d.decision, opinion),
    onSuccess: (_, { d }) => {
      toast.success(t(d.decision === 'approve' ? 'audit.approved' : 'audit.rejectedDone'));
      setDeciding(null);
      void client.invalidateQueries({ queryKey: ['fdTeams'] });
      void client.invalidateQueries({ queryKey: ['workflow'] });
    },
  });
  const open = (d: Decision) => {
    form.resetFields();
    setDeciding(d);
  };
  const flowLink = (r: FdTeamRow) =>
    r.flowInstanceId &&
    flowDetailPath(
      r.myTaskId
        ? { type: FlowLinkType.todo, id: r.flowInstanceId, taskId: r.myTaskId }
        : { type: FlowLinkType.monitor, id: r.flowInstanceId },
    );

  const table = (
    <Table<FdTeamRow>
      rowKey="id"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      locale={{ emptyText: t(tab === 'pending' ? 'audit.empty' : 'empty') }}
      scroll={{ x: 1400 }}
      data-testid="fd-audit-table"
      pagination={{
        current: page.currentPage,
        pageSize: page.pageSize,
        total: q.data?.pagination.total ?? 0,
        showTotal: (n) => t('total', { n }),
        onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
      }}
      columns={[
        { title: t('col.code'), dataIndex: 'code', width: 120 },
        { title: t('col.name'), dataIndex: 'name', width: 200 },
        { title: t('col.unit'), dataIndex: 'orgName', width: 180 },
        { title: t('col.members'), key: 'members', width: 320, render: (_, r) => <MemberTags members={r.members} /> },
        { title: t('col.status'), dataIndex: 'status', width: 100, render: (s: FdTeamRow['status']) => <StatusTag status={s} /> },
        { title: t('col.submittedAt'), dataIndex: 'submittedAt', width: 150, render: fmtTime },
        ...(tab === 'pending'
          ? []
          : [
              { title: t('col.auditedAt'), dataIndex: 'auditedAt', width: 150, render: fmtTime },
              { title: t('col.comment'), dataIndex: 'auditComment', width: 160, render: (v: string | null) => v || '—' },
            ]),
        {
          title: t('col.actions'),
          key: 'actions',
          width: 230,
          fixed: 'right' as const,
          render: (_: unknown, r: FdTeamRow) => (
            <Space size={4} wrap>
              {r.myTaskId ? (
                <>
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => open({ team: r, decision: 'approve' })}
                    data-testid={`fd-audit-approve-${r.code}`}
                  >
                    {t('audit.approve')}
                  </Button>
                  <Button
                    danger
                    size="small"
                    onClick={() => open({ team: r, decision: 'reject' })}
                    data-testid={`fd-audit-reject-${r.code}`}
                  >
                    {t('audit.reject')}
                  </Button>
                </>
              ) : (
                r.status === 'pending' && <Tag>{t('audit.notMine')}</Tag>
              )}
              {flowLink(r) && (
                <Button type="link" size="small" onClick={() => void navigate(flowLink(r) as string)}>
                  {t('audit.viewFlow')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );

  return (
    <Card className="fd-screen" data-testid="fd-audit-page">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('audit.hint')} />
      <Tabs
        activeKey={tab}
        onChange={(k) => (setTab(k as typeof tab), setPage({ ...page, currentPage: 1 }))}
        items={[
          { key: 'pending', label: t('audit.pending'), children: tab === 'pending' ? table : null },
          { key: 'active', label: t('status.active'), children: tab === 'active' ? table : null },
          { key: 'rejected', label: t('status.rejected'), children: tab === 'rejected' ? table : null },
        ]}
      />
      <Modal
        open={!!deciding}
        title={deciding ? `${t(deciding.decision === 'approve' ? 'audit.titleApprove' : 'audit.titleReject')}：${deciding.team.name}` : ''}
        okText={deciding ? t(deciding.decision === 'approve' ? 'audit.approve' : 'audit.reject') : ''}
        okButtonProps={
          { danger: deciding?.decision === 'reject', loading: decide.isPending, 'data-testid': 'fd-audit-confirm' } as ButtonProps
        }
        cancelText={t('cancel')}
        onCancel={() => setDeciding(null)}
        onOk={async () => {
          const { opinion } = await form.validateFields();
          decide.mutate({ d: deciding!, opinion: opinion ?? '' });
        }}
        destroyOnHidden
      >
        {deciding && (
          <>
            <p>
              {deciding.team.orgName} · {deciding.team.code}
            </p>
            <MemberTags members={deciding.team.members} />
          </>
        )}
        <Form form={form} layout="vertical" style={{ marginTop: 12 }}>
          <Form.Item
            name="opinion"
            label={t('audit.opinion')}
            rules={
              deciding?.decision === 'reject'
                ? [{ required: true, min: 2, message: t('audit.opinionRequired') }, { max: 500 }]
                : [{ max: 500 }]
            }
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="fd-audit-opinion" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
