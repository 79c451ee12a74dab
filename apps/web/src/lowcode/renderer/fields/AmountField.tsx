import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../../messages.ts';
import { AMOUNT_TOO_LARGE, amountInCapitals } from '@medalliance/contract';
import type { FieldProps } from './types.ts';

/** Twelve integer digits (spec §5.2): the box refuses more. */
const AMOUNT_MAX = 999_999_999_999.99;

/** Money: a number with 2 decimals, at most 12 integer digits, its Chinese capitals shown below. */
export function AmountField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const n = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  const words = n === undefined ? '' : amountInCapitals(n);
  return (
    <div>
      <InputNumber
        id={id}
        style={{ width: '100%' }}
        value={n ?? null}
        onChange={(v) => onChange?.(v ?? null)}
        precision={field.precision ?? 2}
        min={field.min}
        max={field.max ?? AMOUNT_MAX}
        disabled={disabled || field.disabled}
        readOnly={field.readonly}
        placeholder={field.placeholder ?? t('pleaseEnter', { label: field.label })}
      />
      {n !== undefined && (
        <div className="lc-amount-capital" data-testid="lc-amount-capital">
          {words === AMOUNT_TOO_LARGE ? t('amountTooLarge') : words ? t('amountCapital', { text: words }) : ''}
        </div>
      )}
    </div>
  );
}
