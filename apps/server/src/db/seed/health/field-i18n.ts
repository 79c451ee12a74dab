import type { FieldI18n } from '@medalliance/contract';

/** One text in [zh-TW, English]. */
export type Tr = readonly [zhtw: string, en: string];

/**
 * A seeded model's translations, kept in a file beside the model so its
 * definition stays readable: simplified-Chinese text → [zh-TW, English], for
 * field labels and static option labels alike (the same 正常/异常, 随访日期
 * appear in many fields and forms of a programme and are translated once).
 */
export type ModelTranslations = Record<string, Tr>;

type Node = {
  label?: string;
  placeholder?: string;
  options?: { source?: string; items?: { id: string; fullName: string }[] };
  children?: Node[];
  i18n?: FieldI18n;
};

function translateNode<N extends Node>(n: N, tr: ModelTranslations): N {
  const label = n.label ? tr[n.label] : undefined;
  const placeholder = n.placeholder ? tr[n.placeholder] : undefined;
  const items = n.options?.source === 'static' ? (n.options.items ?? []) : [];
  const side = (i: 0 | 1) => {
    const options: Record<string, string> = {};
    for (const item of items) {
      const t = tr[item.fullName];
      if (t) options[item.id] = t[i];
    }
    const hasOptions = Object.keys(options).length > 0;
    if (!label && !placeholder && !hasOptions) return undefined;
    return {
      ...(label && { label: label[i] }),
      ...(placeholder && { placeholder: placeholder[i] }),
      ...(hasOptions && { options }),
    };
  };
  const next: N = { ...n };
  if (n.children) next.children = n.children.map((c) => translateNode(c, tr));
  const zhtw = side(0);
  const en = side(1);
  if (zhtw && en) next.i18n = { zhtw, en };
  return next;
}

/** The form with every field's zh-TW and English label and static options attached (field.i18n, see the contract's field-i18n.ts). */
export function translateForm<F extends { fields: unknown[] }>(form: F, tr: ModelTranslations): F {
  return { ...form, fields: (form.fields as Node[]).map((n) => translateNode(n, tr)) };
}
