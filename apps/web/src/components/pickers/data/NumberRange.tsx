import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from './messages.ts';
import { rangeBounds, rangeValue, type NumberRangeValue } from './numberRange.ts';
import './pickers.css';

export interface NumberRangeProps {
  value?: NumberRangeValue | (number | null)[] | null;
  onChange?: (value: NumberRangeValue) => void;
  precision?: number;
  min?: number;
  max?: number;
  disabled?: boolean;
  id?: string;
}

/** Two number boxes, 'minimum' and 'maximum' (spec §2.6): emits [] when both are empty, else [min, max]; 0 counts. */
export function NumberRange({ value, onChange, precision, min, max, disabled, id }: NumberRangeProps) {
  const { t } = useTranslation(NS);
  const [lo, hi] = rangeBounds(value);
  return (
    <div className="ma-number-range" id={id} data-testid="ma-number-range">
      <InputNumber
        value={lo}
        precision={precision}
        min={min}
        max={max}
        disabled={disabled}
        placeholder={t('picker.minimum')}
        aria-label={t('picker.minimum')}
        onChange={(v) => onChange?.(rangeValue(v, hi))}
      />
      <span className="ma-number-range-sep">{t('picker.to')}</span>
      <InputNumber
        value={hi}
        precision={precision}
        min={min}
        max={max}
        disabled={disabled}
        placeholder={t('picker.maximum')}
        aria-label={t('picker.maximum')}
        onChange={(v) => onChange?.(rangeValue(lo, v))}
      />
    </div>
  );
}
