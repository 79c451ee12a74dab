import { useEffect } from 'react';
import { AutoComplete, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  EXAM_QUESTION_TYPES,
  MAX_OPTIONS,
  optionLetter,
  type ExamQuestionBody,
  type ExamQuestionRow,
  type ExamQuestionType,
} from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { examsApi } from './api.ts';
import { NS } from './messages.ts';

interface Values {
  category: string;
  type: ExamQuestionType;
  stem: string;
  options: string[];
  single?: string;
  multiple?: string[];
  judge?: string;
  reference?: string;
  score: number;
  analysis?: string;
}

/** The form of one bank question; the answer input follows the type (option letter, letters, 对/错, reference text). */
export function QuestionModal({
  editing,
  categories,
  onClose,
  onSaved,
}: {
  editing: ExamQuestionRow | 'new' | null;
  categories: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);
  const options = Form.useWatch('options', form) ?? [];
  useEffect(() => {
    if (!editing) return;
    if (editing === 'new') {
      form.setFieldsValue({ category: categories[0] ?? '', type: 'single', stem: '', options: ['', '', '', ''], score: 5, analysis: '' });
      return;
    }
    form.setFieldsValue({
      category: editing.category,
      type: editing.type,
      stem: editing.stem,
      options: editing.options.length ? editing.options : ['', ''],
      single: editing.type === 'single' ? editing.answer[0] : undefined,
      multiple: editing.type === 'multiple' ? editing.answer : undefined,
      judge: editing.type === 'judge' ? editing.answer[0] : undefined,
      reference: editing.type === 'short' ? (editing.answer[0] ?? '') : undefined,
      score: editing.score,
      analysis: editing.analysis,
    });
  }, [editing, form, categories]);
  const save = async () => {
    const v = await form.validateFields();
    const choice = v.type === 'single' || v.type === 'multiple';
    const body: ExamQuestionBody = {
      category: v.category,
      type: v.type,
      stem: v.stem,
      options: choice ? v.options : [],
      answer:
        v.type === 'single'
          ? [v.single!]
          : v.type === 'multiple'
            ? [...(v.multiple ?? [])].sort()
            : v.type === 'judge'
              ? [v.judge!]
              : v.reference?.trim()
                ? [v.reference.trim()]
                : [],
      score: v.score,
      analysis: v.analysis ?? '',
    };
    if (editing === 'new') await examsApi.createQuestion(body);
    else if (editing) await examsApi.updateQuestion(editing.id, body);
    toast.success(t('saved'));
    onSaved();
  };
  const letters = options.map((_, i) => ({ value: optionLetter(i), label: optionLetter(i) }));
  return (
    <Modal
      open={!!editing}
      width={720}
      title={t(editing === 'new' ? 'bank.add' : 'bank.edit')}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Space.Compact block>
          <Form.Item name="category" label={t('col.category')} rules={[{ required: true, max: 50 }]} style={{ width: '50%' }}>
            <AutoComplete options={categories.map((c) => ({ value: c }))} />
          </Form.Item>
          <Form.Item name="type" label={t('col.type')} rules={[{ required: true }]} style={{ width: '25%', paddingLeft: 8 }}>
            <Select options={EXAM_QUESTION_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))} />
          </Form.Item>
          <Form.Item name="score" label={t('col.score')} rules={[{ required: true }]} style={{ width: '25%', paddingLeft: 8 }}>
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="stem" label={t('col.stem')} rules={[{ required: true, whitespace: true, max: 2000 }]}>
          <Input.TextArea rows={3} data-testid="exam-question-stem" />
        </Form.Item>
        {(type === 'single' || type === 'multiple') && (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <Form.Item label={t('bank.options')} required>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <span className="exam-letter">{optionLetter(i)}</span>
                    <Form.Item
                      name={f.name}
                      rules={[{ required: true, whitespace: true, max: 500 }]}
                      style={{ width: 560, marginBottom: 8 }}
                    >
                      <Input />
                    </Form.Item>
                    {fields.length > 2 && <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('remove')} />}
                  </Space>
                ))}
                {fields.length < MAX_OPTIONS && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                    {t('bank.addOption')}
                  </Button>
                )}
              </Form.Item>
            )}
          </Form.List>
        )}
        {type === 'single' && (
          <Form.Item name="single" label={t('bank.answer')} rules={[{ required: true }]}>
            <Radio.Group options={letters} />
          </Form.Item>
        )}
        {type === 'multiple' && (
          <Form.Item
            name="multiple"
            label={t('bank.answer')}
            rules={[{ required: true, type: 'array', min: 2, message: t('bank.twoAnswers') }]}
          >
            <Checkbox.Group options={letters} />
          </Form.Item>
        )}
        {type === 'judge' && (
          <Form.Item name="judge" label={t('bank.answer')} rules={[{ required: true }]}>
            <Radio.Group
              options={[
                { value: 'T', label: t('judge.T') },
                { value: 'F', label: t('judge.F') },
              ]}
            />
          </Form.Item>
        )}
        {type === 'short' && (
          <Form.Item name="reference" label={t('bank.reference')} rules={[{ max: 4000 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        )}
        <Form.Item name="analysis" label={t('bank.analysis')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
