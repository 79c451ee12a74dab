import { useEffect, useState } from 'react';
import { Form, InputNumber } from 'antd';
import { evaluateExpression } from '@medalliance/contract';
import { useTranslation } from 'react-i18next';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';

const DEBOUNCE_MS = 500;

/**
 * A calculated field (spec §5.2): its expression over the form's values (or
 * its sub-table row), recomputed 500 ms after the last change, 2 decimals,
 * 0 on error; read-only. The server recomputes it on save.
 */
export function CalculateField({ field, value, onChange, id, row, table }: FieldProps) {
  const { t } = useTranslation(NS);
  const form = Form.useFormInstance();
  const all = Form.useWatch([], { form, preserve: true }) as Record<string, unknown> | undefined;
  const key = JSON.stringify([all ?? {}, row ?? {}]);
  const [result, setResult] = useState<number | undefined>(typeof value === 'number' ? value : undefined);
  useEffect(() => {
    const timer = setTimeout(() => {
      // Invalid expressions and non-numbers come out as 0 (spec §5.2); the result has 2 decimals.
      const next = field.expression ? evaluateExpression(field.expression, { record: all ?? {}, row, table }) : 0;
      setResult(next);
      if (next !== value) onChange?.(next);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Recomputed from the values' content (key), not from object identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, field.expression]);
  return <InputNumber id={id} style={{ width: '100%' }} readOnly value={result ?? null} precision={2} placeholder={t('calculated')} />;
}
