import { Form, Input, Typography } from 'antd';
import type { FieldI18n, FormField, TranslatedLanguage } from '@medalliance/contract';
import { useTranslation } from 'react-i18next';
import { NS } from './messages.ts';

/**
 * The field's label in zh-TW and English (field.i18n), so an administrator
 * translates their own fields; an emptied input removes that translation and
 * the stored label shows again.
 */
export function withLabelTranslation(i18n: FieldI18n | undefined, lang: TranslatedLanguage, label: string): FieldI18n | undefined {
  const side = { ...i18n?.[lang], label: label || undefined };
  if (!side.label) delete side.label;
  const next: FieldI18n = { ...i18n, [lang]: side };
  if (!Object.keys(side).length) delete next[lang];
  return Object.keys(next).length ? next : undefined;
}

export function FieldTranslations({ field, set }: { field: FormField; set: (patch: Partial<FormField>, prop?: string) => void }) {
  const { t } = useTranslation(NS);
  const input = (lang: TranslatedLanguage, label: string) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <Input
        value={field.i18n?.[lang]?.label ?? ''}
        maxLength={100}
        placeholder={field.label}
        onChange={(e) => set({ i18n: withLabelTranslation(field.i18n, lang, e.target.value) }, `i18n.${lang}`)}
        data-testid={`lcd-prop-label-${lang}`}
      />
    </Form.Item>
  );
  return (
    <Form.Item label={t('translations')} extra={<Typography.Text type="secondary">{t('translationsHint')}</Typography.Text>}>
      {input('zhtw', t('labelZhtw'))}
      {input('en', t('labelEn'))}
    </Form.Item>
  );
}
