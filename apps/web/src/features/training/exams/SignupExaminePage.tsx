import { useState } from 'react';
import { Button, Card, Empty, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXAM_SIGNUP_STATUSES } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { examsApi, type SignupRow } from './api.ts';
import { fmtTime, SIGNUP_COLOR } from './format.ts';
import { NS } from './messages.ts';
import './exams.css';

/**
 * 报名审核 (signup_examine): exam sign-ups with their state; the trainer
 * approves or rejects the ones waiting for them. The decision is the
 * workflow engine's own action on their 待办 task, so this page and the
 * standard to-do list stay in step.
 */
export default function SignupExaminePage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [status, setStatus] = useState('pending');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [deciding, setDeciding] = useState<{ row: SignupRow; approve: boolean } | null>(null);
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['trainingExams', 'signups', status, keyword, page],
    queryFn: async () => (await examsApi.signups({ ...page, status, keyword })).data,
    placeholderData: keepPreviousData,
  });
  const decide = async () => {
    if (!deciding) return;
    setBusy(true);
    try {
      await examsApi.decide(deciding.row.id, deciding.approve, opinion);
      toast.success(t(deciding.approve ? 'signup.approvedToast' : 'signup.rejectedToast'));
      setDeciding(null);
      void client.invalidateQueries({ queryKey: ['trainingExams'] });
    } finally {
      setBusy(false);
    }
  };
  const open = (row: SignupRow, approve: boolean) => {
    setOpinion(approve ? t('signup.defaultAgree') : '');
    setDeciding({ row, approve });
  };
  return (
    <Card data-testid="exam-signup-page" className="exam-screen">
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 160 }}
          value={status}
          onChange={(v) => (setStatus(v), setPage({ ...page, currentPage: 1 }))}
          data-testid="exam-signup-status"
          options={[{ value: '', label: t('all') }, ...EXAM_SIGNUP_STATUSES.map((s) => ({ value: s, label: t(`signup.${s}`) }))]}
        />
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('signup.keyword')}
          onSearch={(v) => (setKeyword(v), setPage({ ...page, currentPage: 1 }))}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
          {t('refresh')}
        </Button>
      </Space>
      <Table<SignupRow>
        rowKey="id"
        size="small"
        data-testid="exam-signup-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('signup.empty')} /> }}
        scroll={{ x: 1300 }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('col.paper'), dataIndex: 'paperTitle', ellipsis: true, width: 260 },
          { title: t('col.person'), dataIndex: 'userName', width: 100 },
          { title: t('col.unit'), dataIndex: 'unitName', width: 170, ellipsis: true },
          { title: t('col.note'), dataIndex: 'note', width: 180, ellipsis: true },
          { title: t('col.appliedAt'), dataIndex: 'appliedAt', width: 150, render: (v: number) => fmtTime(v) },
          {
            title: t('col.status'),
            dataIndex: 'status',
            width: 100,
            render: (v: string) => <Tag color={SIGNUP_COLOR[v]}>{t(`signup.${v}`)}</Tag>,
          },
          { title: t('col.decidedAt'), dataIndex: 'decidedAt', width: 150, render: (v: number | null) => fmtTime(v) },
          {
            title: t('col.op'),
            key: 'op',
            width: 210,
            fixed: 'right',
            render: (_: unknown, r) =>
              r.status === 'pending' && r.mine ? (
                <Space size={4}>
                  <Button
                    size="small"
                    type="primary"
                    icon={<CheckOutlined />}
                    onClick={() => open(r, true)}
                    data-testid={`exam-approve-${r.id}`}
                  >
                    {t('signup.approve')}
                  </Button>
                  <Button size="small" danger icon={<CloseOutlined />} onClick={() => open(r, false)} data-testid={`exam-reject-${r.id}`}>
                    {t('signup.reject')}
                  </Button>
                </Space>
              ) : r.status === 'pending' ? (
                <Typography.Text type="secondary">{t('signup.notMine')}</Typography.Text>
              ) : null,
          },
        ]}
      />
      <Modal
        open={!!deciding}
        title={deciding ? t(deciding.approve ? 'signup.approveTitle' : 'signup.rejectTitle', { name: deciding.row.userName }) : ''}
        okText={deciding?.approve ? t('signup.approve') : t('signup.reject')}
        okButtonProps={{ danger: deciding ? !deciding.approve : false, disabled: !!deciding && !deciding.approve && !opinion.trim() }}
        confirmLoading={busy}
        onOk={() => void decide()}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{deciding?.row.paperTitle}</Typography.Paragraph>
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={opinion}
          onChange={(e) => setOpinion(e.target.value)}
          placeholder={t(deciding?.approve ? 'signup.opinion' : 'signup.reasonRequired')}
          data-testid="exam-decision-opinion"
        />
      </Modal>
    </Card>
  );
}
