import { useState } from 'react';
import { Button, Empty, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXAM_PAPER_STATUSES, type ExamPaperRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { examsApi, type ExamRights } from './api.ts';
import { fmtTime, PAPER_COLOR } from './format.ts';
import { NS } from './messages.ts';
import { PaperModal } from './PaperModal.tsx';

/** 试卷: papers with their window, duration, total and pass score, question and attempt counts. */
export function PapersTab({ rights }: { rights: ExamRights }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [filter, setFilter] = useState({ keyword: '', status: '' });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [editing, setEditing] = useState<ExamPaperRow | 'new' | null>(null);
  const q = useQuery({
    queryKey: ['trainingExams', 'papers', filter, page],
    queryFn: async () => (await examsApi.papers({ ...filter, ...page })).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['trainingExams'] });
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 140 }}
          value={filter.status}
          onChange={(status) => (setFilter({ ...filter, status }), setPage({ ...page, currentPage: 1 }))}
          options={[{ value: '', label: t('all') }, ...EXAM_PAPER_STATUSES.map((s) => ({ value: s, label: t(`paper.${s}`) }))]}
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('paper.keyword')}
          onSearch={(keyword) => (setFilter({ ...filter, keyword }), setPage({ ...page, currentPage: 1 }))}
        />
        {rights.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="exam-paper-add">
            {t('paper.add')}
          </Button>
        )}
      </Space>
      <Table<ExamPaperRow>
        rowKey="id"
        size="small"
        data-testid="exam-paper-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('paper.empty')} /> }}
        scroll={{ x: 1200 }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('col.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('col.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: string) => <Tag color={PAPER_COLOR[v]}>{t(`paper.${v}`)}</Tag>,
          },
          { title: t('col.questions'), dataIndex: 'questionCount', width: 80 },
          { title: t('col.total'), dataIndex: 'totalScore', width: 70 },
          { title: t('col.passScore'), dataIndex: 'passScore', width: 80 },
          { title: t('col.duration'), dataIndex: 'durationMin', width: 90, render: (v: number) => t('minutesN', { n: v }) },
          {
            title: t('col.window'),
            key: 'window',
            width: 300,
            render: (_: unknown, r) => `${fmtTime(r.opensAt)} ~ ${fmtTime(r.closesAt)}`,
          },
          { title: t('col.attempts'), dataIndex: 'attempts', width: 80 },
          {
            title: t('col.op'),
            key: 'op',
            width: 130,
            render: (_: unknown, r) => (
              <Space size={4}>
                {rights.edit && (
                  <Button size="small" type="link" onClick={() => setEditing(r)}>
                    {t('edit')}
                  </Button>
                )}
                {rights.remove && (
                  <Popconfirm
                    title={t('paper.confirmRemove')}
                    onConfirm={async () => {
                      await examsApi.removePaper(r.id);
                      toast.success(t('removed'));
                      refresh();
                    }}
                  >
                    <Button size="small" type="link" danger disabled={r.attempts > 0}>
                      {t('remove')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <PaperModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}
