import { Form, Input, InputNumber, Switch, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { patterns } from '@medalliance/contract';
import { NS } from '../messages.ts';

/*
 * The fields the system records share (dictionary types and items, areas,
 * bill rules, data interfaces, print templates), so their rules, limits and
 * texts stay one. Each is a Form.Item named as the record's field; extra
 * props go to the input (disabled, data-testid …).
 */

/** Name: required, not blank; takes the focus when the dialog opens. */
export function FullNameField({ label, max = 50, ...input }: { label: string; max?: number } & InputProps) {
  const { t } = useTranslation(NS);
  return (
    <Form.Item
      name="fullName"
      label={label}
      rules={[{ required: true, whitespace: true, message: t('required', { name: label }) }, { max }]}
    >
      <Input autoFocus maxLength={max} {...input} />
    </Form.Item>
  );
}

/** Code: required, the contract's enCode pattern, at most 50 characters. */
export function EnCodeField({ label, ...input }: { label: string } & InputProps) {
  const { t } = useTranslation(NS);
  return (
    <Form.Item
      name="enCode"
      label={label}
      rules={[
        { required: true, message: t('required', { name: label }) },
        { pattern: patterns.enCode, message: t('enCodeRule') },
        { max: 50 },
      ]}
    >
      <Input maxLength={50} {...input} />
    </Form.Item>
  );
}

export function SortCodeField() {
  const { t } = useTranslation(NS);
  return (
    <Form.Item name="sortCode" label={t('sortCode')}>
      <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** Status as a switch over the record's enabledMark 0/1. */
export function EnabledMarkField() {
  const { t } = useTranslation(NS);
  return (
    <Form.Item
      name="enabledMark"
      label={t('status')}
      getValueProps={(v: number) => ({ checked: v === 1 })}
      normalize={(c: boolean) => (c ? 1 : 0)}
    >
      <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} />
    </Form.Item>
  );
}

/** Description: at most 500 characters. */
export function DescriptionField({ rows = 3, showCount = true }: { rows?: number; showCount?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Form.Item name="description" label={t('description')}>
      <Input.TextArea rows={rows} maxLength={500} showCount={showCount} />
    </Form.Item>
  );
}
