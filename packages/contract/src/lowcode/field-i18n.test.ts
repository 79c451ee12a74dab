import { describe, expect, it } from 'vitest';
import { fieldLabel, localizeField, localizeForm } from './field-i18n.ts';
import { formField, type FormField } from './form-schema.ts';

const sbp: FormField = {
  id: 'sbp',
  type: 'inputNumber',
  field: 'sbp',
  label: '收缩压',
  placeholder: '请输入',
  i18n: { zhtw: { label: '收縮壓' }, en: { label: 'Systolic pressure (mmHg)', placeholder: 'Enter' } },
};
const method: FormField = {
  id: 'method',
  type: 'select',
  field: 'method',
  label: '随访方式',
  options: {
    source: 'static',
    items: [
      { id: '1', fullName: '门诊' },
      { id: '2', fullName: '家庭' },
    ],
  },
  i18n: { en: { label: 'Visit method', options: { '1': 'Clinic' } } },
};

describe('field label in the UI language', () => {
  it('zh (and unknown languages) show the stored label; zhtw / en their translation', () => {
    expect(fieldLabel(sbp, 'zh')).toBe('收缩压');
    expect(fieldLabel(sbp, undefined)).toBe('收缩压');
    expect(fieldLabel(sbp, 'fr')).toBe('收缩压');
    expect(fieldLabel(sbp, 'zhtw')).toBe('收縮壓');
    expect(fieldLabel(sbp, 'en')).toBe('Systolic pressure (mmHg)');
  });

  it('falls back to the stored label without a translation (older forms render as before)', () => {
    expect(fieldLabel(method, 'zhtw')).toBe('随访方式');
    expect(fieldLabel({ label: '备注' }, 'en')).toBe('备注');
    expect(fieldLabel({ label: '备注', i18n: { en: { label: '' } } }, 'en')).toBe('备注');
  });

  it('translates static options one by one, keeping untranslated ones and the ids', () => {
    const en = localizeField(method, 'en');
    expect(en.options?.items).toEqual([
      { id: '1', fullName: 'Clinic' },
      { id: '2', fullName: '家庭' },
    ]);
    expect(localizeField(method, 'zhtw').options?.items?.[0]?.fullName).toBe('门诊');
    expect(method.options?.items?.[0]?.fullName).toBe('门诊'); // the stored form is not changed
  });

  it('translates placeholders, group titles and fields inside containers; zh returns the form itself', () => {
    const title: FormField = { id: 't', type: 'groupTitle', label: '体征', content: '体征', i18n: { en: { label: 'Signs' } } };
    const form = { fields: [{ id: 'row', type: 'row', label: '', children: [sbp, title] } as FormField] };
    const en = localizeForm(form, 'en');
    const [f, g] = en.fields[0]!.children!;
    expect(f!.label).toBe('Systolic pressure (mmHg)');
    expect(f!.placeholder).toBe('Enter');
    expect(g!.content).toBe('Signs');
    expect(localizeForm(form, 'zh')).toBe(form);
    expect(localizeForm(form, 'zhtw').fields[0]!.children![0]!.placeholder).toBe('请输入');
  });

  it('the schema keeps translations and bounds their lengths', () => {
    expect(formField.parse(sbp).i18n?.en?.label).toBe('Systolic pressure (mmHg)');
    expect(formField.parse({ id: 'a', type: 'input', label: 'a' }).i18n).toBeUndefined();
    expect(formField.safeParse({ ...sbp, i18n: { en: { label: 'x'.repeat(101) } } }).success).toBe(false);
    expect(formField.safeParse({ ...sbp, i18n: { en: { options: { '1': 'x'.repeat(201) } } } }).success).toBe(false);
    expect(formField.safeParse({ ...sbp, i18n: { en: { label: 42 } } }).success).toBe(false);
    // An unknown language is dropped, not stored.
    expect(formField.parse({ ...sbp, i18n: { fr: { label: 'x' } } }).i18n).toEqual({});
  });
});
