import { describe, expect, it } from 'vitest';
import { acceptLanguageOf, detectLanguage } from './language.ts';

describe('detectLanguage', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
  });
  it('ignores an invalid stored value', () => {
    expect(detectLanguage('fr', ['en-GB'])).toBe('en');
  });
  it('maps Traditional Chinese browser locales to zhtw', () => {
    expect(detectLanguage(null, ['zh-TW'])).toBe('zhtw');
    expect(detectLanguage(null, ['zh-Hant-HK'])).toBe('zhtw');
    expect(detectLanguage(null, ['zh-HK'])).toBe('zhtw');
  });
  it('maps other Chinese locales to zh', () => {
    expect(detectLanguage(undefined, ['zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage(undefined, ['zh'])).toBe('zh');
  });
  it('uses the first supported browser language and defaults to zh', () => {
    expect(detectLanguage(undefined, ['fr-FR', 'en-US'])).toBe('en');
    expect(detectLanguage(undefined, ['de-DE'])).toBe('zh');
    expect(detectLanguage(undefined, [])).toBe('zh');
  });
});

describe('acceptLanguageOf', () => {
  it('gives the header value the server understands', () => {
    expect(acceptLanguageOf('zh')).toBe('zh-CN');
    expect(acceptLanguageOf('zhtw')).toBe('zh-TW');
    expect(acceptLanguageOf('en')).toBe('en-US');
  });
});
