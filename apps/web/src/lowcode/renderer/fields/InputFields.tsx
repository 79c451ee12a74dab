import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Single-line text (input), with the designed length limit and word count. */
export function InputField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  return (
    <Input
      id={id}
      value={str(value)}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled || field.disabled}
      readOnly={field.readonly}
      allowClear={field.clearable !== false}
      maxLength={field.maxLength}
      showCount={!!field.maxLength}
      placeholder={field.placeholder ?? t('pleaseEnter', { label: field.label })}
    />
  );
}

export function TextareaField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  return (
    <Input.TextArea
      id={id}
      value={str(value)}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled || field.disabled}
      readOnly={field.readonly}
      maxLength={field.maxLength}
      showCount={!!field.maxLength}
      autoSize={{ minRows: Number(field.props?.minRows ?? 3), maxRows: Number(field.props?.maxRows ?? 8) }}
      placeholder={field.placeholder ?? t('pleaseEnter', { label: field.label })}
    />
  );
}

export function PasswordField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  return (
    <Input.Password
      id={id}
      value={str(value)}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled || field.disabled}
      maxLength={field.maxLength}
      autoComplete="new-password"
      placeholder={field.placeholder ?? t('pleaseEnter', { label: field.label })}
    />
  );
}
