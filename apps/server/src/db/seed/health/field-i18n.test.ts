import { describe, expect, it } from 'vitest';
import { modelBody, walkFields, type FormField } from '@medalliance/contract';
import { CHILD_MODELS } from './child-models.ts';
import { CHRONIC_MODELS } from './chronic-models.ts';
import { ELDERLY_MODEL_DEF } from './elderly-models.ts';
import { MATERNAL_MODELS } from './maternal-models.ts';
import { PSY_MODEL_DEF } from './psy-models.ts';
import { familyModelBody, residentModelBody, RESIDENT_MODEL, FAMILY_MODEL } from './records-models.ts';
import { TB_MODEL_DEFS } from './tb-models.ts';

/** Every seeded health model, as the seed parses it (so the translations survive the contract's schema). */
const MODELS = [
  { id: RESIDENT_MODEL, body: residentModelBody },
  { id: FAMILY_MODEL, body: familyModelBody },
  ...CHRONIC_MODELS,
  PSY_MODEL_DEF,
  ...TB_MODEL_DEFS,
  ...MATERNAL_MODELS,
  ...CHILD_MODELS,
  ELDERLY_MODEL_DEF,
];

/** What a field lacks: a labelled field without both translations, a static option without both. */
function missing(field: FormField): string[] {
  const out: string[] = [];
  const key = field.field ?? field.id;
  if (field.label)
    for (const lang of ['zhtw', 'en'] as const) if (!field.i18n?.[lang]?.label) out.push(`${key} ${lang} label 「${field.label}」`);
  if (field.options?.source === 'static')
    for (const item of field.options.items ?? [])
      for (const lang of ['zhtw', 'en'] as const)
        if (!field.i18n?.[lang]?.options?.[item.id]) out.push(`${key} ${lang} option 「${item.fullName}」`);
  return out;
}

describe('seeded health models are translated', () => {
  it.each(MODELS.map((m) => [m.id, m] as const))('%s: every field has zh-TW and English labels and options', (_id, m) => {
    const form = modelBody.parse(m.body).formData;
    const gaps = [...walkFields(form.fields)].flatMap(({ field }) => missing(field));
    expect(gaps).toEqual([]);
  });

  it('the English label is not the Chinese one (a copy is no translation)', () => {
    for (const m of MODELS)
      for (const { field } of walkFields(modelBody.parse(m.body).formData.fields))
        if (field.label && field.i18n?.en?.label)
          expect(field.i18n.en.label, `${m.id}.${field.field ?? field.id}`).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
