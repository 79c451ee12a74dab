import { useState } from 'react';
import { Button, Card, Empty, Input, Modal, Popconfirm, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { examsApi, type MyPaperRow } from './api.ts';
import { CertificateModal } from './CertificateModal.tsx';
import { ATTEMPT_COLOR, fmtTime, SIGNUP_COLOR } from './format.ts';
import { NS } from './messages.ts';
import { ResultDrawer } from './ResultDrawer.tsx';
import { TakeExam } from './TakeExam.tsx';
import './exams.css';

/**
 * 我的考试 (my_exam): the exams open to me with my sign-up and attempt — sign
 * up (approved by the trainer through the workflow), take the timed exam,
 * see the result and print the certificate of a pass.
 */
export default function MyExamPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [signing, setSigning] = useState<MyPaperRow | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [taking, setTaking] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [cert, setCert] = useState<string | null>(null);
  const meta = useQuery({ queryKey: ['trainingExams', 'meta'], queryFn: async () => (await examsApi.meta()).data.rights });
  const q = useQuery({
    queryKey: ['trainingExams', 'my', keyword, page],
    queryFn: async () => (await examsApi.myPapers({ ...page, keyword })).data,
    placeholderData: keepPreviousData,
    enabled: !taking && !!meta.data?.take,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['trainingExams'] });
  if (meta.isPending) return <Spin className="exam-loading" />;
  if (!meta.data?.take) return <Result status="403" title={t('noRight')} />;

  if (taking)
    return (
      <div className="exam-screen" data-testid="my-exam-page">
        <TakeExam
          attemptId={taking}
          onDone={(v) => {
            setTaking(null);
            client.setQueryData(['trainingExams', 'attempt', v.id], v);
            setResult(v.id);
            refresh();
          }}
        />
      </div>
    );

  const signUp = async () => {
    if (!signing) return;
    setBusy(true);
    try {
      await examsApi.signUp(signing.id, note);
      toast.success(t('my.signedUp'));
      setSigning(null);
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const start = async (paperId: string) => {
    const { id } = (await examsApi.start(paperId)).data;
    client.removeQueries({ queryKey: ['trainingExams', 'taking', id] });
    setTaking(id);
  };
  const now = Date.now();
  const action = (r: MyPaperRow) => {
    const a = r.attempt;
    if (a && a.status === 'in_progress')
      return (
        <Button type="primary" size="small" onClick={() => void start(r.id)} data-testid={`exam-continue-${r.id}`}>
          {t('my.continue')}
        </Button>
      );
    if (a)
      return (
        <Space size={4}>
          <Button size="small" onClick={() => setResult(a.id)} data-testid={`exam-result-${r.id}`}>
            {t('my.result')}
          </Button>
          {a.certificateNo && (
            <Button size="small" type="link" onClick={() => setCert(a.id)}>
              {t('cert.title')}
            </Button>
          )}
        </Space>
      );
    if (r.signupStatus === 'approved') {
      if (now < r.opensAt) return <Typography.Text type="secondary">{t('my.notYet')}</Typography.Text>;
      if (now >= r.closesAt || r.status !== 'published') return <Typography.Text type="secondary">{t('my.closed')}</Typography.Text>;
      return (
        <Popconfirm title={t('my.startTitle')} description={t('my.startText', { n: r.durationMin })} onConfirm={() => start(r.id)}>
          <Button type="primary" size="small" data-testid={`exam-start-${r.id}`}>
            {t('my.start')}
          </Button>
        </Popconfirm>
      );
    }
    if (r.signupStatus === 'pending') return <Typography.Text type="secondary">{t('my.waitApproval')}</Typography.Text>;
    if (now >= r.closesAt || r.status !== 'published') return <Typography.Text type="secondary">{t('my.closed')}</Typography.Text>;
    return (
      <Button size="small" type="primary" ghost onClick={() => (setNote(''), setSigning(r))} data-testid={`exam-signup-${r.id}`}>
        {t('my.signUp')}
      </Button>
    );
  };
  return (
    <Card data-testid="my-exam-page" className="exam-screen">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('paper.keyword')}
          onSearch={(v) => (setKeyword(v), setPage({ ...page, currentPage: 1 }))}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
          {t('refresh')}
        </Button>
      </Space>
      <Table<MyPaperRow>
        rowKey="id"
        size="small"
        data-testid="my-exam-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('my.empty')} /> }}
        scroll={{ x: 1100 }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('col.title'), dataIndex: 'title', ellipsis: true },
          { title: t('col.window'), key: 'w', width: 290, render: (_: unknown, r) => `${fmtTime(r.opensAt)} ~ ${fmtTime(r.closesAt)}` },
          { title: t('col.duration'), dataIndex: 'durationMin', width: 90, render: (v: number) => t('minutesN', { n: v }) },
          { title: t('col.totalPass'), key: 'tp', width: 100, render: (_: unknown, r) => `${r.totalScore} / ${r.passScore}` },
          {
            title: t('col.myStatus'),
            key: 'st',
            width: 190,
            render: (_: unknown, r) =>
              r.attempt ? (
                <Space size={4}>
                  <Tag color={ATTEMPT_COLOR[r.attempt.status]}>{t(`attempt.${r.attempt.status}`)}</Tag>
                  {r.attempt.totalScore !== null && (
                    <Tag color={r.attempt.passed ? 'green' : 'red'} data-testid={`exam-score-${r.id}`}>
                      {t('my.score', { n: r.attempt.totalScore })}
                    </Tag>
                  )}
                </Space>
              ) : r.signupStatus ? (
                <Tag color={SIGNUP_COLOR[r.signupStatus]}>{t(`signup.${r.signupStatus}`)}</Tag>
              ) : (
                <Typography.Text type="secondary">{t('my.notSigned')}</Typography.Text>
              ),
          },
          { title: t('col.op'), key: 'op', width: 170, render: (_: unknown, r) => action(r) },
        ]}
      />
      <Modal
        open={!!signing}
        title={t('my.signUpTitle')}
        okText={t('my.signUp')}
        confirmLoading={busy}
        onOk={() => void signUp()}
        onCancel={() => setSigning(null)}
        destroyOnHidden
      >
        <Typography.Paragraph strong>{signing?.title}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {signing ? t('my.signUpHint', { from: fmtTime(signing.opensAt), to: fmtTime(signing.closesAt), n: signing.durationMin }) : ''}
        </Typography.Paragraph>
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('my.notePlaceholder')}
        />
      </Modal>
      <ResultDrawer attemptId={result} onClose={() => setResult(null)} onCertificate={setCert} />
      <CertificateModal attemptId={cert} onClose={() => setCert(null)} />
    </Card>
  );
}
