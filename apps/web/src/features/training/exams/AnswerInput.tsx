import { Checkbox, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLetter, type ExamTakerQuestion } from '@medalliance/contract';
import { NS } from './messages.ts';

/** The answer control of one question: radio (single, true/false), checkboxes (multiple), text (short). */
export function AnswerInput({
  q,
  value,
  onChange,
  onBlur,
}: {
  q: ExamTakerQuestion;
  value: string[];
  onChange: (v: string[]) => void;
  onBlur?: () => void;
}) {
  const { t } = useTranslation(NS);
  const options = q.options.map((o, i) => ({ value: optionLetter(i), label: `${optionLetter(i)}. ${o}` }));
  if (q.type === 'single')
    return (
      <Radio.Group value={value[0]} onChange={(e) => onChange([e.target.value as string])} data-testid="exam-answer">
        <Space direction="vertical">
          {options.map((o) => (
            <Radio key={o.value} value={o.value}>
              {o.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    );
  if (q.type === 'multiple')
    return (
      <Checkbox.Group value={value} onChange={(v) => onChange([...(v as string[])].sort())} data-testid="exam-answer">
        <Space direction="vertical">
          {options.map((o) => (
            <Checkbox key={o.value} value={o.value}>
              {o.label}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    );
  if (q.type === 'judge')
    return (
      <Radio.Group value={value[0]} onChange={(e) => onChange([e.target.value as string])} data-testid="exam-answer">
        <Radio value="T">{t('judge.T')}</Radio>
        <Radio value="F">{t('judge.F')}</Radio>
      </Radio.Group>
    );
  return (
    <Input.TextArea
      rows={6}
      maxLength={4000}
      showCount
      value={value[0] ?? ''}
      onChange={(e) => onChange(e.target.value ? [e.target.value] : [])}
      onBlur={onBlur}
      placeholder={t('take.shortPlaceholder')}
      data-testid="exam-answer"
    />
  );
}
