import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Input, InputNumber, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXAM_ATTEMPT_STATUSES } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { examsApi, type AttemptRow, type ExamRights } from './api.ts';
import { AttemptReview } from './AttemptReview.tsx';
import { ATTEMPT_COLOR, fmtTime } from './format.ts';
import { NS } from './messages.ts';
import { ScoreLine } from './ScoreLine.tsx';

/** The marker's drawer: every answer with the key; a score input on each short answer. */
function MarkingDrawer({ id, canMark, onClose }: { id: string | null; canMark: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [scores, setScores] = useState<Record<string, number | null>>({});
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['trainingExams', 'attempt', id],
    queryFn: async () => (await examsApi.attempt(id!)).data,
    enabled: !!id,
  });
  useEffect(() => {
    if (!q.data) return;
    setScores(Object.fromEntries(q.data.questions.filter((x) => x.type === 'short').map((x) => [x.id, x.got ?? null])));
  }, [q.data]);
  const v = q.data;
  const shorts = v?.questions.filter((x) => x.type === 'short' && v.answers[x.id]?.[0]?.trim()) ?? [];
  const missing = shorts.some((x) => scores[x.id] === null || scores[x.id] === undefined);
  const save = async () => {
    setBusy(true);
    try {
      await examsApi.mark(
        id!,
        shorts.map((x) => ({ questionId: x.id, score: scores[x.id]! })),
      );
      toast.success(t('marking.saved'));
      void client.invalidateQueries({ queryKey: ['trainingExams'] });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open={!!id}
      size="large"
      onClose={onClose}
      title={v ? `${v.userName} · ${v.paperTitle}` : t('marking.title')}
      extra={
        canMark && v && v.status !== 'in_progress' && shorts.length > 0 ? (
          <Button type="primary" loading={busy} disabled={missing} onClick={() => void save()} data-testid="exam-mark-save">
            {t('marking.save')}
          </Button>
        ) : null
      }
    >
      {!v ? (
        <Spin />
      ) : (
        <>
          <ScoreLine view={v} />
          <AttemptReview
            view={v}
            scoreSlot={(x) =>
              canMark && x.type === 'short' && v.answers[x.id]?.[0]?.trim() && v.status !== 'in_progress' ? (
                <InputNumber
                  min={0}
                  max={x.score}
                  precision={0}
                  value={scores[x.id] ?? null}
                  onChange={(n) => setScores({ ...scores, [x.id]: n })}
                  addonBefore={t('marking.score')}
                  addonAfter={`/ ${x.score}`}
                  style={{ width: 200 }}
                  data-testid={`exam-mark-${x.id}`}
                />
              ) : null
            }
          />
        </>
      )}
    </Drawer>
  );
}

/** 阅卷: submitted attempts waiting for the short answers' marks (default), and every attempt with its result. */
export function MarkingTab({ rights }: { rights: ExamRights }) {
  const { t } = useTranslation(NS);
  const [filter, setFilter] = useState({ status: 'submitted', paperId: '', keyword: '' });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);
  const papers = useQuery({
    queryKey: ['trainingExams', 'papers-all'],
    queryFn: async () => (await examsApi.papers({ currentPage: 1, pageSize: 200 })).data.list,
  });
  const q = useQuery({
    queryKey: ['trainingExams', 'attempts', filter, page],
    queryFn: async () => (await examsApi.attempts({ ...filter, ...page })).data,
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<typeof filter>) => (setFilter({ ...filter, ...patch }), setPage({ ...page, currentPage: 1 }));
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 140 }}
          value={filter.status}
          onChange={(status) => set({ status })}
          data-testid="exam-marking-status"
          options={[{ value: '', label: t('all') }, ...EXAM_ATTEMPT_STATUSES.map((s) => ({ value: s, label: t(`attempt.${s}`) }))]}
        />
        <Select
          style={{ width: 300 }}
          value={filter.paperId}
          onChange={(paperId) => set({ paperId })}
          options={[{ value: '', label: t('stats.allPapers') }, ...(papers.data ?? []).map((p) => ({ value: p.id, label: p.title }))]}
        />
        <Input.Search allowClear style={{ width: 220 }} placeholder={t('signup.keyword')} onSearch={(keyword) => set({ keyword })} />
      </Space>
      <Table<AttemptRow>
        rowKey="id"
        size="small"
        data-testid="exam-marking-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('marking.empty')} /> }}
        scroll={{ x: 1100 }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('col.person'), dataIndex: 'userName', width: 100 },
          { title: t('col.unit'), dataIndex: 'unitName', width: 170, ellipsis: true },
          { title: t('col.paper'), dataIndex: 'paperTitle', ellipsis: true },
          {
            title: t('col.status'),
            dataIndex: 'status',
            width: 150,
            render: (v: string) => <Tag color={ATTEMPT_COLOR[v]}>{t(`attempt.${v}`)}</Tag>,
          },
          { title: t('col.submittedAt'), dataIndex: 'submittedAt', width: 150, render: (v: number | null) => fmtTime(v) },
          {
            title: t('col.score'),
            key: 'score',
            width: 110,
            render: (_: unknown, r) => (r.totalScore === null ? '—' : `${r.totalScore} / ${r.paperTotal}`),
          },
          {
            title: t('col.result'),
            dataIndex: 'passed',
            width: 90,
            render: (v: boolean | null) =>
              v === null ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <Tag color={v ? 'green' : 'red'}>{t(v ? 'result.pass' : 'result.fail')}</Tag>
              ),
          },
          {
            title: t('col.op'),
            key: 'op',
            width: 100,
            render: (_: unknown, r) => (
              <Button size="small" type="link" onClick={() => setOpenId(r.id)} data-testid={`exam-mark-open-${r.id}`}>
                {r.status === 'submitted' && rights.edit ? t('marking.mark') : t('marking.view')}
              </Button>
            ),
          },
        ]}
      />
      <MarkingDrawer id={openId} canMark={rights.edit} onClose={() => setOpenId(null)} />
    </>
  );
}
