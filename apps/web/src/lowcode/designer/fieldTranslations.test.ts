import { describe, expect, it } from 'vitest';
import { withLabelTranslation } from './FieldTranslations.tsx';

describe('designer label translations', () => {
  it('sets one language and keeps the other and the options', () => {
    const i18n = withLabelTranslation({ zhtw: { label: '收縮壓' }, en: { options: { '1': 'Clinic' } } }, 'en', 'Systolic');
    expect(i18n).toEqual({ zhtw: { label: '收縮壓' }, en: { options: { '1': 'Clinic' }, label: 'Systolic' } });
  });

  it('an emptied input removes the translation, and an empty i18n disappears', () => {
    expect(withLabelTranslation({ en: { label: 'Systolic' } }, 'en', '')).toBeUndefined();
    expect(withLabelTranslation({ en: { label: 'Systolic' }, zhtw: { label: '收縮壓' } }, 'en', '')).toEqual({ zhtw: { label: '收縮壓' } });
    expect(withLabelTranslation(undefined, 'zhtw', '收縮壓')).toEqual({ zhtw: { label: '收縮壓' } });
  });
});
