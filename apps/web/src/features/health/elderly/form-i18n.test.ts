import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '@medalliance/contract';
import { localizeForm } from './form-i18n.ts';
import { byProgrammeOrder } from './messages.ts';

/** The check form shown in the user's language (own fields only) and the programme order of the by-unit table. */
describe('localizeForm', () => {
  const form = {
    fields: [
      { id: 'titleSelfCare', type: 'groupTitle', label: '老年人生活自理能力评估', content: '老年人生活自理能力评估' },
      {
        id: 'row',
        type: 'row',
        label: '',
        children: [
          {
            id: 'scMeal',
            type: 'select',
            field: 'scMeal',
            label: '进餐',
            options: { source: 'static', items: [{ id: '3', fullName: '需要协助（3分）' }] },
          },
          { id: 'extra', type: 'input', field: 'extra', label: '管理员新增' },
        ],
      },
    ],
  } as unknown as FormDefinition;
  const dict: Record<string, string> = { 'f.scMeal': 'Eating', 'o.scMeal.3': 'Needs help (3)', 'f.titleSelfCare': 'Self-care assessment' };
  const t = (k: string, o: { defaultValue: string }) => dict[k] ?? o.defaultValue;
  it('translates known labels, options and group titles; leaves an administrator’s fields as written', () => {
    const out = localizeForm(form, t) as unknown as { fields: any[] };
    expect(out.fields[0].content).toBe('Self-care assessment');
    expect(out.fields[1].children[0].label).toBe('Eating');
    expect(out.fields[1].children[0].options.items[0]).toEqual({ id: '3', fullName: 'Needs help (3)' });
    expect(out.fields[1].children[1].label).toBe('管理员新增');
  });
});

describe('byProgrammeOrder', () => {
  it('known programmes in menu order, unknown codes after them', () => {
    expect(['zz9', 'child', 'dm', 'htn', 'aa1', 'psy'].sort(byProgrammeOrder)).toEqual(['htn', 'dm', 'psy', 'child', 'aa1', 'zz9']);
  });
});
