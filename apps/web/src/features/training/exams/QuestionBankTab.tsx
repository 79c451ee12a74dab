import { useState } from 'react';
import { Button, Empty, Input, Popconfirm, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { saveBlob } from '../../permission/shared/download.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXAM_QUESTION_TYPES, type ExamQuestionRow, type ExamQuestionType } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { examsApi, type ExamRights } from './api.ts';
import { fmtTime, TYPE_COLOR } from './format.ts';
import { NS } from './messages.ts';
import { QuestionModal } from './QuestionModal.tsx';

/** 题库: the bank by category and type, searchable and sortable (in SQL), with add / edit / remove. */
export function QuestionBankTab({ rights }: { rights: ExamRights }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [filter, setFilter] = useState<{ keyword: string; category: string; type: ExamQuestionType | '' }>({
    keyword: '',
    category: '',
    type: '',
  });
  const [sort, setSort] = useState<{ sort: string; order: string }>({ sort: 'createdAt', order: 'desc' });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [editing, setEditing] = useState<ExamQuestionRow | 'new' | null>(null);
  const cats = useQuery({ queryKey: ['trainingExams', 'categories'], queryFn: async () => (await examsApi.categories()).data.list });
  const q = useQuery({
    queryKey: ['trainingExams', 'questions', filter, sort, page],
    queryFn: async () => (await examsApi.questions({ ...filter, ...sort, ...page })).data,
    placeholderData: keepPreviousData,
  });
  const categories = [...new Set((cats.data ?? []).map((c) => c.category))];
  const refresh = () => void client.invalidateQueries({ queryKey: ['trainingExams'] });
  const [importing, setImporting] = useState(false);
  /** One .xlsx file: every row is imported or none (the server names the bad rows). */
  const importFile = async (file: File) => {
    setImporting(true);
    try {
      const { imported } = (await examsApi.importQuestions(file)).data;
      toast.success(t('bank.imported', { n: imported }));
      refresh();
    } finally {
      setImporting(false);
    }
  };
  const set = (patch: Partial<typeof filter>) => (setFilter({ ...filter, ...patch }), setPage({ ...page, currentPage: 1 }));
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 160 }}
          value={filter.category}
          onChange={(category) => set({ category })}
          options={[{ value: '', label: t('bank.allCategories') }, ...categories.map((c) => ({ value: c, label: c }))]}
        />
        <Select
          style={{ width: 140 }}
          value={filter.type}
          onChange={(type) => set({ type })}
          options={[{ value: '', label: t('bank.allTypes') }, ...EXAM_QUESTION_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))]}
        />
        <Input.Search allowClear style={{ width: 240 }} placeholder={t('bank.keyword')} onSearch={(keyword) => set({ keyword })} />
        {rights.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="exam-question-add">
            {t('bank.add')}
          </Button>
        )}
        {rights.add && (
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={importing} data-testid="exam-question-import">
              {t('bank.import')}
            </Button>
          </Upload>
        )}
        <Button
          icon={<DownloadOutlined />}
          onClick={async () => saveBlob((await examsApi.questionTemplate()).data, t('bank.templateFile'))}
        >
          {t('bank.template')}
        </Button>
      </Space>
      <Table<ExamQuestionRow>
        rowKey="id"
        size="small"
        data-testid="exam-question-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('bank.empty')} /> }}
        scroll={{ x: 1000 }}
        onChange={(_, __, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(
            s?.order ? { sort: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : { sort: 'createdAt', order: 'desc' },
          );
        }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        expandable={{
          expandedRowRender: (r) => (
            <div className="exam-expanded">
              {r.options.map((o, i) => (
                <div key={i}>
                  {String.fromCharCode(65 + i)}. {o}
                </div>
              ))}
              <Typography.Text type="success">
                {t('bank.answer')}
                {t('colon')}
                {r.type === 'judge' ? t(`judge.${r.answer[0]}`) : r.answer.join(r.type === 'short' ? '' : '、') || '—'}
              </Typography.Text>
              {r.analysis ? (
                <div className="exam-muted">
                  {t('bank.analysis')}
                  {t('colon')}
                  {r.analysis}
                </div>
              ) : null}
            </div>
          ),
        }}
        columns={[
          { title: t('col.stem'), dataIndex: 'stem', ellipsis: true },
          { title: t('col.category'), dataIndex: 'category', width: 120, sorter: true },
          {
            title: t('col.type'),
            dataIndex: 'type',
            width: 130,
            sorter: true,
            render: (v: string) => <Tag color={TYPE_COLOR[v]}>{t(`type.${v}`)}</Tag>,
          },
          { title: t('col.score'), dataIndex: 'score', width: 80, sorter: true },
          { title: t('col.used'), dataIndex: 'used', width: 80 },
          { title: t('col.createdAt'), dataIndex: 'createdAt', width: 150, sorter: true, render: (v: number) => fmtTime(v) },
          {
            title: t('col.op'),
            key: 'op',
            width: 140,
            render: (_: unknown, r) => (
              <Space size={4}>
                {rights.edit && (
                  <Button size="small" type="link" onClick={() => setEditing(r)}>
                    {t('edit')}
                  </Button>
                )}
                {rights.remove && (
                  <Popconfirm
                    title={t('bank.confirmRemove')}
                    onConfirm={async () => {
                      await examsApi.removeQuestion(r.id);
                      toast.success(t('removed'));
                      refresh();
                    }}
                  >
                    <Button size="small" type="link" danger disabled={r.used > 0} title={r.used > 0 ? t('bank.usedHint') : undefined}>
                      {t('remove')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <QuestionModal
        editing={editing}
        categories={categories}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}
