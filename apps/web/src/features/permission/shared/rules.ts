import { useMemo } from 'react';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { isIdCard, patterns } from '@medalliance/contract';
import { NS } from '../messages.ts';

/**
 * Form rules from the contract's named rule set (spec §5.1), with the shared
 * 'rules.*' messages, so the web refuses exactly what the server refuses.
 */
export function useFormRules() {
  const { t } = useTranslation(NS);
  return useMemo(() => {
    const rule = (name: keyof typeof patterns): Rule => ({ pattern: patterns[name], message: t(`rules.${name}`, { ns: 'rules' }) });
    return {
      required: (label: string): Rule => ({ required: true, whitespace: true, message: t('common.inputRequired', { label }) }),
      requiredSelect: (label: string): Rule => ({
        required: true,
        message: t('common.selectRequired', { label }),
        validator: (_, v) =>
          v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)
            ? Promise.reject(new Error(t('common.selectRequired', { label })))
            : Promise.resolve(),
      }),
      max: (n: number): Rule => ({ max: n }),
      enCode: rule('enCode'),
      userAccount: rule('userAccount'),
      fullName: rule('fullName'),
      iphone: rule('iphone'),
      email: rule('email'),
      password: rule('password'),
      idCard: {
        validator: (_, v: string | undefined) =>
          !v || isIdCard(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('rules.idCard', { ns: 'rules' }))),
      } as Rule,
    };
  }, [t]);
}
