import dayjs from 'dayjs';
import type { FormField } from '@medalliance/contract';
import type { Translate } from './rules.ts';

/**
 * A value as text for the detail view, the printable layout and list cells.
 * DataChange already answers names for ids; this formats what is left:
 * epoch-ms dates, ranges, switches, lists, files and numbers.
 */

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const SYSTEM_TIMES = new Set(['createTime', 'modifyTime']);

const formatDate = (v: unknown, format: string): string =>
  typeof v === 'number' && Number.isFinite(v) ? dayjs(v).format(format) : v === null || v === undefined ? '' : String(v);

const scalar = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    // A file entry, a picked node or a record: its name.
    const name = o.fileName ?? o.name ?? o.fullName;
    return typeof name === 'string' ? name : JSON.stringify(v);
  }
  return String(v);
};

export function displayText(field: FormField, value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'switch':
      return value === 1 || value === true || value === '1'
        ? t('yes')
        : value === 0 || value === false || value === '0'
          ? t('no')
          : String(value);
    case 'datePicker':
      return formatDate(value, field.format || 'YYYY-MM-DD');
    case 'createTime':
    case 'modifyTime':
      return formatDate(value, DATE_TIME);
    case 'dateRange':
    case 'timeRange':
    case 'numberRange': {
      if (!Array.isArray(value)) return String(value);
      const parts = value.map((v) => (field.type === 'dateRange' ? formatDate(v, field.format || 'YYYY-MM-DD') : scalar(v)));
      return parts.some(Boolean) ? parts.join(' ~ ') : '';
    }
    case 'amount':
    case 'calculate': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n.toFixed(2) : String(value);
    }
    case 'cascader':
    case 'areaSelect':
    case 'organizeSelect':
      // A path reads with slashes; several paths (multiple) with commas.
      if (Array.isArray(value))
        return value.map((v) => (Array.isArray(v) ? v.map(scalar).join('/') : scalar(v))).join(field.multiple ? ', ' : '/');
      return String(value);
    default:
      if (SYSTEM_TIMES.has(field.type)) return formatDate(value, DATE_TIME);
      if (Array.isArray(value)) return value.map(scalar).join(', ');
      return scalar(value);
  }
}
