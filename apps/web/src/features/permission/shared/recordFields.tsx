import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';
import { useFormRules } from './rules.ts';

/*
 * The fields every permission record shares (organisation, department,
 * position, group, role; the user form takes the last three), so their
 * rules and limits stay those the server checks. Each is a Form.Item named
 * as the record's field, so the ids stay `<form>_<field>`.
 */

/** Name: required, at most 100 characters. */
export function FullNameField({ label }: { label: string }) {
  const rules = useFormRules();
  return (
    <Form.Item name="fullName" label={label} rules={[rules.required(label), rules.max(100)]}>
      <Input maxLength={100} />
    </Form.Item>
  );
}

/** Code: required, the contract's enCode pattern, at most 50 characters. */
export function EnCodeField({ label }: { label: string }) {
  const rules = useFormRules();
  return (
    <Form.Item name="enCode" label={label} rules={[rules.required(label), rules.enCode, rules.max(50)]}>
      <Input maxLength={50} />
    </Form.Item>
  );
}

export function SortCodeField() {
  const { t } = useTranslation(NS);
  return (
    <Form.Item name="sortCode" label={t('common.sortCode')}>
      <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** Status as a switch; the form holds a boolean, the record enabledMark 0/1. */
export function EnabledField() {
  const { t } = useTranslation(NS);
  return (
    <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
      <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
    </Form.Item>
  );
}

/** Description: at most 500 characters. */
export function DescriptionField({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();
  return (
    <Form.Item name="description" label={t('common.description')} rules={[rules.max(500)]}>
      <Input.TextArea rows={rows} maxLength={500} />
    </Form.Item>
  );
}

/** Sort code, status and description: the tail of every one-column record form. */
export function RecordTailFields() {
  return (
    <>
      <SortCodeField />
      <EnabledField />
      <DescriptionField />
    </>
  );
}
