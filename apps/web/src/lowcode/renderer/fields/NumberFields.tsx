import { InputNumber, Rate, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberRange } from '../../../components/pickers/data/index.ts';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function NumberField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  return (
    <InputNumber
      id={id}
      style={{ width: '100%' }}
      value={num(value) ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      min={field.min}
      max={field.max}
      step={field.step}
      precision={field.precision}
      disabled={disabled || field.disabled}
      readOnly={field.readonly}
      placeholder={field.placeholder ?? t('pleaseEnter', { label: field.label })}
    />
  );
}

export function RateField({ field, value, onChange, id, disabled }: FieldProps) {
  return (
    <Rate
      id={id}
      value={num(value) ?? 0}
      onChange={(v) => onChange?.(v)}
      count={field.max ?? 5}
      allowHalf={!!field.props?.allowHalf}
      disabled={disabled || field.disabled || field.readonly}
    />
  );
}

export function SliderField({ field, value, onChange, id, disabled }: FieldProps) {
  return (
    <Slider
      id={id}
      value={num(value) ?? field.min ?? 0}
      onChange={(v) => onChange?.(v)}
      min={field.min ?? 0}
      max={field.max ?? 100}
      step={field.step ?? 1}
      disabled={disabled || field.disabled || field.readonly}
    />
  );
}

/** Two boxes, 'minimum' and 'maximum' (spec §2.6); the value is [min, max]. */
export function NumberRangeField({ field, value, onChange, id, disabled }: FieldProps) {
  return (
    <NumberRange
      id={id}
      value={Array.isArray(value) ? (value as (number | null)[]) : null}
      onChange={(v) => onChange?.(v)}
      precision={field.precision}
      min={field.min}
      max={field.max}
      disabled={disabled || field.disabled}
    />
  );
}
