import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';

/** Dates travel as epoch ms; times as their formatted text ('HH:mm:ss'). */
const toDay = (v: unknown): Dayjs | null => (typeof v === 'number' && Number.isFinite(v) ? dayjs(v) : null);
const TIME = 'HH:mm:ss';
const toTime = (v: unknown, format: string): Dayjs | null => (typeof v === 'string' && v ? dayjs(v, format) : null);

/** The picker kind a date format asks for: a year, a month or a day (with or without time). */
export function dateKind(format = 'YYYY-MM-DD'): { picker?: 'year' | 'month'; showTime: boolean } {
  if (/^Y+$/.test(format)) return { picker: 'year', showTime: false };
  if (/^Y+-M+$/.test(format)) return { picker: 'month', showTime: false };
  return { showTime: /[Hhms]/.test(format) };
}

export function DateField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const format = field.format || 'YYYY-MM-DD';
  const kind = dateKind(format);
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={toDay(value)}
      format={format}
      picker={kind.picker}
      showTime={kind.showTime}
      onChange={(d) => onChange?.(d ? d.valueOf() : null)}
      disabled={disabled || field.disabled || field.readonly}
      allowClear={field.clearable !== false}
      placeholder={field.placeholder ?? t('pleaseSelect', { label: field.label })}
    />
  );
}

export function TimeField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const format = field.format || TIME;
  return (
    <TimePicker
      id={id}
      style={{ width: '100%' }}
      value={toTime(value, format)}
      format={format}
      onChange={(d) => onChange?.(d ? d.format(format) : null)}
      disabled={disabled || field.disabled || field.readonly}
      allowClear={field.clearable !== false}
      placeholder={field.placeholder ?? t('pleaseSelect', { label: field.label })}
    />
  );
}

export function DateRangeField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const format = field.format || 'YYYY-MM-DD';
  const v = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={[toDay(v[0]), toDay(v[1])]}
      format={format}
      showTime={dateKind(format).showTime}
      onChange={(r) => onChange?.(r?.[0] && r[1] ? [r[0].valueOf(), r[1].valueOf()] : [])}
      disabled={disabled || field.disabled || field.readonly}
      placeholder={[t('startDate'), t('endDate')]}
    />
  );
}

export function TimeRangeField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const format = field.format || TIME;
  const v = Array.isArray(value) ? value : [];
  return (
    <TimePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={[toTime(v[0], format), toTime(v[1], format)]}
      format={format}
      onChange={(r) => onChange?.(r?.[0] && r[1] ? [r[0].format(format), r[1].format(format)] : [])}
      disabled={disabled || field.disabled || field.readonly}
      placeholder={[t('startTime'), t('endTime')]}
    />
  );
}
