import { useState } from 'react';
import { Badge, Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { FD_QUESTION_STATUSES, type FdQuestionRow, type FdQuestionStatus } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { fdApi, fmtTime } from '../teams/api.ts';
import { NS } from './messages.ts';
import './messages.ts';
import '../teams/teams.css';

const COLOR: Record<FdQuestionStatus, string> = { open: 'gold', answered: 'green', closed: 'default' };

/** 问卷列表 (question_list): residents' questions to their team, filtered by state, team, text and date; answer, close, reopen. */
export default function QuestionsPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [filter, setFilter] = useState<{ status: string; teamId: string; keyword: string; range: [Dayjs, Dayjs] | null }>({
    status: 'open',
    teamId: '',
    keyword: '',
    range: null,
  });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [sort, setSort] = useState<'asc' | 'desc'>('desc');
  const [answering, setAnswering] = useState<FdQuestionRow | null>(null);
  const [form] = Form.useForm<{ answer: string }>();
  const teams = useQuery({
    queryKey: ['fdTeams', 'options'],
    queryFn: async () => (await fdApi.teams({ currentPage: 1, pageSize: 200, status: 'active' })).data.list,
  });
  const q = useQuery({
    queryKey: ['fdQuestions', filter, page, sort],
    queryFn: async () =>
      (
        await fdApi.questions({
          ...page,
          sort,
          status: filter.status,
          teamId: filter.teamId,
          keyword: filter.keyword,
          askedFrom: filter.range ? filter.range[0].startOf('day').valueOf() : undefined,
          askedTo: filter.range ? filter.range[1].endOf('day').valueOf() : undefined,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['fdQuestions'] });
  const answer = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => fdApi.answer(id, text),
    onSuccess: () => (toast.success(t('answered')), setAnswering(null), refresh()),
  });
  const status = useMutation({
    mutationFn: ({ id, to }: { id: string; to: 'open' | 'closed' }) => fdApi.questionStatus(id, to),
    onSuccess: (_, { to }) => (toast.success(t(to === 'closed' ? 'closedOk' : 'reopened')), refresh()),
  });
  const canAnswer = q.data?.rights.answer ?? false;
  const counts = q.data?.counts ?? {};
  const set = (patch: Partial<typeof filter>) => (setFilter({ ...filter, ...patch }), setPage({ ...page, currentPage: 1 }));
  const openAnswer = (r: FdQuestionRow) => {
    form.setFieldsValue({ answer: r.answer ?? '' });
    setAnswering(r);
  };

  return (
    <Card className="fd-screen" data-testid="fd-question-page">
      <Space className="fd-toolbar" wrap>
        <Segmented
          value={filter.status}
          onChange={(v) => set({ status: String(v) })}
          options={[
            { value: '', label: t('status.all') },
            ...FD_QUESTION_STATUSES.map((s) => ({
              value: s,
              label: (
                <span>
                  {t(`status.${s}`)}{' '}
                  {s !== 'closed' && <Badge count={counts[s] ?? 0} size="small" color={s === 'open' ? 'gold' : 'green'} />}
                </span>
              ),
            })),
          ]}
          data-testid="fd-question-status"
        />
        <Select
          style={{ width: 200 }}
          value={filter.teamId}
          onChange={(teamId) => set({ teamId })}
          options={[{ value: '', label: t('allTeams') }, ...(teams.data ?? []).map((x) => ({ value: x.id, label: x.name }))]}
        />
        <Input.Search allowClear placeholder={t('keyword')} style={{ width: 200 }} onSearch={(keyword) => set({ keyword })} />
        <DatePicker.RangePicker value={filter.range} onChange={(v) => set({ range: v && v[0] && v[1] ? [v[0], v[1]] : null })} />
        <Typography.Text type="secondary">{t('masked')}</Typography.Text>
      </Space>
      <Table<FdQuestionRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 1450 }}
        data-testid="fd-question-table"
        onChange={(_, __, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(s?.order === 'ascend' ? 'asc' : 'desc');
        }}
        expandable={{
          expandedRowRender: (r) => (
            <div>
              <div className="fd-question-content">{r.content}</div>
              {r.answer && (
                <Typography.Paragraph>
                  <Typography.Text strong>{t('answer')}：</Typography.Text>
                  {r.answer}
                </Typography.Paragraph>
              )}
            </div>
          ),
        }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('col.askedAt'), dataIndex: 'askedAt', width: 150, sorter: true, defaultSortOrder: 'descend', render: fmtTime },
          { title: t('col.resident'), dataIndex: 'fullName', width: 100 },
          { title: t('col.phone'), dataIndex: 'phone', width: 130 },
          { title: t('col.team'), dataIndex: 'teamName', width: 180 },
          { title: t('col.title'), dataIndex: 'title', width: 280, ellipsis: true },
          {
            title: t('col.status'),
            dataIndex: 'status',
            width: 90,
            render: (s: FdQuestionStatus) => <Tag color={COLOR[s]}>{t(`status.${s}`)}</Tag>,
          },
          { title: t('col.answeredBy'), dataIndex: 'answeredByName', width: 90, render: (v: string | null) => v ?? '—' },
          { title: t('col.answeredAt'), dataIndex: 'answeredAt', width: 150, render: fmtTime },
          {
            title: t('col.actions'),
            key: 'actions',
            width: 170,
            fixed: 'right',
            render: (_, r) =>
              canAnswer ? (
                <Space size={4}>
                  {r.status !== 'closed' && (
                    <Button type="link" size="small" onClick={() => openAnswer(r)} data-testid={`fd-question-answer-${r.id}`}>
                      {t(r.status === 'answered' ? 'editAnswer' : 'answer')}
                    </Button>
                  )}
                  {r.status !== 'closed' ? (
                    <Popconfirm title={t('confirmClose')} onConfirm={() => status.mutate({ id: r.id, to: 'closed' })}>
                      <Button type="link" size="small" danger>
                        {t('close')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button type="link" size="small" onClick={() => status.mutate({ id: r.id, to: 'open' })}>
                      {t('reopen')}
                    </Button>
                  )}
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={!!answering}
        title={t('answerTitle')}
        okText={t('send')}
        cancelText={t('cancel')}
        confirmLoading={answer.isPending}
        onCancel={() => setAnswering(null)}
        onOk={async () => answer.mutate({ id: answering!.id, text: (await form.validateFields()).answer })}
        destroyOnHidden
      >
        {answering && (
          <>
            <Typography.Text strong>
              {answering.title}（{answering.fullName} · {fmtTime(answering.askedAt)}）
            </Typography.Text>
            <div className="fd-question-content" style={{ marginTop: 8 }}>
              {answering.content}
            </div>
          </>
        )}
        <Form form={form} layout="vertical">
          <Form.Item name="answer" label={t('answerLabel')} rules={[{ required: true, min: 2, message: t('answerRule') }, { max: 2000 }]}>
            <Input.TextArea rows={4} maxLength={2000} showCount data-testid="fd-question-answer-text" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
