import { useEffect, useMemo } from 'react';
import { Alert, Button, DatePicker, Divider, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  EXAM_PAPER_STATUSES,
  EXAM_QUESTION_TYPES,
  type ExamPaperRow,
  type ExamPaperStatus,
  type ExamQuestionType,
} from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { examsApi } from './api.ts';
import { TYPE_COLOR } from './format.ts';
import { NS } from './messages.ts';

interface Values {
  title: string;
  courseId?: string;
  durationMin: number;
  passScore: number;
  range: [Dayjs, Dayjs];
  status: ExamPaperStatus;
  questions: { questionId: string; score: number }[];
  draw: { type: ExamQuestionType; category?: string; count: number; score: number }[];
}

/**
 * A paper: its window, duration and pass score, and its questions — picked
 * from the bank (each with its score on this paper) and/or N drawn at random
 * per type; the server fixes the drawn ones when the paper is saved.
 */
export function PaperModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: ExamPaperRow | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const open = !!editing;
  const bank = useQuery({
    queryKey: ['trainingExams', 'bank-all'],
    queryFn: async () => (await examsApi.questions({ currentPage: 1, pageSize: 200, sort: 'category', order: 'asc' })).data.list,
    enabled: open,
  });
  const cats = useQuery({
    queryKey: ['trainingExams', 'categories'],
    queryFn: async () => (await examsApi.categories()).data.list,
    enabled: open,
  });
  const courses = useQuery({
    queryKey: ['trainingExams', 'courses'],
    queryFn: async () => (await examsApi.courses()).data.list,
    enabled: open,
  });
  const detail = useQuery({
    queryKey: ['trainingExams', 'paper', editing && editing !== 'new' ? editing.id : ''],
    queryFn: async () => (await examsApi.paper((editing as ExamPaperRow).id)).data,
    enabled: !!editing && editing !== 'new',
  });
  const byId = useMemo(() => new Map((bank.data ?? []).map((q) => [q.id, q])), [bank.data]);
  useEffect(() => {
    if (editing === 'new') {
      form.setFieldsValue({
        title: '',
        durationMin: 30,
        passScore: 60,
        range: [dayjs().startOf('hour'), dayjs().startOf('hour').add(7, 'day')],
        status: 'draft',
        questions: [],
        draw: [],
      });
    } else if (editing && detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        title: d.title,
        courseId: d.courseId ?? undefined,
        durationMin: d.durationMin,
        passScore: d.passScore,
        range: [dayjs(d.opensAt), dayjs(d.closesAt)],
        status: d.status,
        questions: d.questions.map((q) => ({ questionId: q.id, score: q.score })),
        draw: [],
      });
    }
  }, [editing, detail.data, form]);
  const questions = Form.useWatch('questions', form) ?? [];
  const draw = Form.useWatch('draw', form) ?? [];
  const total =
    questions.reduce((s, q) => s + (Number(q?.score) || 0), 0) +
    draw.reduce((s, d) => s + (Number(d?.count) || 0) * (Number(d?.score) || 0), 0);
  const taken = editing && editing !== 'new' && editing.attempts > 0;
  const save = async () => {
    const v = await form.validateFields();
    const body = {
      title: v.title,
      courseId: v.courseId ?? null,
      durationMin: v.durationMin,
      passScore: v.passScore,
      opensAt: v.range[0].valueOf(),
      closesAt: v.range[1].valueOf(),
      status: v.status,
      questions: v.questions ?? [],
      draw: (v.draw ?? []).map((d) => ({ ...d, category: d.category ?? '' })),
    };
    if (editing === 'new') await examsApi.createPaper(body);
    else if (editing) await examsApi.updatePaper(editing.id, body);
    toast.success(t('saved'));
    onSaved();
  };
  const categories = [...new Set((cats.data ?? []).map((c) => c.category))];
  return (
    <Modal
      open={open}
      width={860}
      title={t(editing === 'new' ? 'paper.add' : 'paper.edit')}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {taken && <Alert type="warning" showIcon title={t('paper.takenHint')} style={{ marginBottom: 12 }} />}
        <Form.Item name="title" label={t('col.title')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input data-testid="exam-paper-title" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="courseId" label={t('col.course')}>
            <Select
              allowClear
              style={{ width: 240 }}
              placeholder={t('paper.noCourse')}
              options={(courses.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
            />
          </Form.Item>
          <Form.Item name="durationMin" label={t('col.duration')} rules={[{ required: true }]}>
            <InputNumber min={1} max={600} precision={0} addonAfter={t('minutes')} disabled={!!taken} />
          </Form.Item>
          <Form.Item name="passScore" label={t('col.passScore')} rules={[{ required: true }]}>
            <InputNumber min={0} max={10000} precision={0} />
          </Form.Item>
          <Form.Item name="status" label={t('col.status')} rules={[{ required: true }]}>
            <Select style={{ width: 120 }} options={EXAM_PAPER_STATUSES.map((s) => ({ value: s, label: t(`paper.${s}`) }))} />
          </Form.Item>
        </Space>
        <Form.Item name="range" label={t('col.window')} rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Divider titlePlacement="start">
          {t('paper.picked')} · {t('paper.total', { n: total })}
        </Divider>
        <Form.List name="questions">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => {
                const q = byId.get(form.getFieldValue(['questions', f.name, 'questionId']) as string);
                return (
                  <div key={f.key} className="exam-pick-row">
                    <Tag color={q ? TYPE_COLOR[q.type] : undefined}>{q ? t(`type.${q.type}`) : '?'}</Tag>
                    <Typography.Text ellipsis>{q?.stem ?? ''}</Typography.Text>
                    <Form.Item name={[f.name, 'score']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                      <InputNumber min={1} max={100} precision={0} suffix={t('points')} style={{ width: 100 }} disabled={!!taken} />
                    </Form.Item>
                    {taken ? <span /> : <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('remove')} />}
                  </div>
                );
              })}
              {!taken && (
                <Select
                  showSearch
                  value={null as unknown as string}
                  style={{ width: '100%', marginTop: 4 }}
                  placeholder={t('paper.pickPlaceholder')}
                  optionFilterProp="label"
                  loading={bank.isFetching}
                  data-testid="exam-paper-pick"
                  options={(bank.data ?? [])
                    .filter((b) => !questions.some((x) => x?.questionId === b.id))
                    .map((b) => ({ value: b.id, label: `[${t(`type.${b.type}`)}·${b.category}] ${b.stem}` }))}
                  onChange={(id: string) => add({ questionId: id, score: byId.get(id)?.score ?? 5 })}
                />
              )}
            </>
          )}
        </Form.List>
        {!taken && (
          <>
            <Divider titlePlacement="start">{t('paper.draw')}</Divider>
            <Form.List name="draw">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline" wrap>
                      <Form.Item name={[f.name, 'type']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                        <Select style={{ width: 120 }} options={EXAM_QUESTION_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'category']} style={{ marginBottom: 4 }}>
                        <Select
                          allowClear
                          style={{ width: 150 }}
                          placeholder={t('bank.allCategories')}
                          options={categories.map((c) => ({ value: c, label: c }))}
                        />
                      </Form.Item>
                      <Form.Item name={[f.name, 'count']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                        <InputNumber min={1} max={100} precision={0} addonAfter={t('paper.count')} style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'score']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                        <InputNumber min={1} max={100} precision={0} addonAfter={t('paper.each')} style={{ width: 130 }} />
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('remove')} />
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 'single', count: 5, score: 2 })}>
                    {t('paper.addDraw')}
                  </Button>
                </>
              )}
            </Form.List>
          </>
        )}
      </Form>
    </Modal>
  );
}
