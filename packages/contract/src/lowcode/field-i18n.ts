import { z } from 'zod';
import type { FormField } from './form-schema.ts';

/**
 * A field's label (and static options, placeholder) in the other UI
 * languages. The stored label is the administrator's own, in simplified
 * Chinese; a translation is optional and an absent one shows the stored text,
 * so forms written before translations existed render as they did.
 */
export const TRANSLATED_LANGUAGES = ['zhtw', 'en'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export const fieldTranslation = z.object({
  label: z.string().max(100).optional(),
  placeholder: z.string().max(200).optional(),
  /** Static option id → its label in this language. */
  options: z.record(z.string().max(200), z.string().max(200)).optional(),
});
export type FieldTranslation = z.infer<typeof fieldTranslation>;

export const fieldI18n = z.object({ zhtw: fieldTranslation.optional(), en: fieldTranslation.optional() });
export type FieldI18n = z.infer<typeof fieldI18n>;

const translated = (lang: string | undefined): TranslatedLanguage | null =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as TranslatedLanguage) : null;

/** The field's label in `lang` (zh or unknown → the stored label; zhtw/en → the translation, else the stored label). */
export function fieldLabel(field: Pick<FormField, 'label' | 'i18n'>, lang: string | undefined): string {
  const l = translated(lang);
  return (l && field.i18n?.[l]?.label) || field.label;
}

/**
 * The field as shown in `lang`: label, placeholder, a group title's text and
 * static option labels replaced where a translation exists; children too.
 * Returns the same object when nothing changes (cheap for zh).
 */
export function localizeField(field: FormField, lang: string | undefined): FormField {
  const l = translated(lang);
  if (!l) return field;
  const tr = field.i18n?.[l];
  const children = field.children?.map((c) => localizeField(c, l));
  if (!tr && !children) return field;
  const next: FormField = { ...field };
  if (children) next.children = children;
  if (tr?.label) {
    next.label = tr.label;
    // A group title shows its content; seeded titles keep content = label.
    if (field.type === 'groupTitle' && field.content === field.label) next.content = tr.label;
  }
  if (tr?.placeholder) next.placeholder = tr.placeholder;
  const items = field.options?.source === 'static' ? field.options.items : undefined;
  if (tr?.options && items && field.options)
    next.options = { ...field.options, items: items.map((i) => ({ ...i, fullName: tr.options?.[i.id] || i.fullName })) };
  return next;
}

/** The form's fields as shown in `lang` (see localizeField). */
export function localizeForm<F extends { fields: FormField[] }>(form: F, lang: string | undefined): F {
  if (!translated(lang)) return form;
  return { ...form, fields: form.fields.map((f) => localizeField(f, lang)) };
}
