import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';

/**
 * Bill number and the system fields (creator, times, organisation,
 * department, position): read-only, the server fills them on save, so a new
 * record shows 'filled in by the system'.
 */
export function ServerFilledField({ value, id }: FieldProps) {
  const { t } = useTranslation(NS);
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return <Input id={id} readOnly disabled value={text} placeholder={t('autoFilled')} />;
}
