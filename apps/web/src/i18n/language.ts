import type { Language } from '@medalliance/contract';
import { LANGUAGES } from '@medalliance/contract';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Spec §9: the stored choice first, else the browser language (any Traditional
 * Chinese locale gives zhtw), default Simplified Chinese.
 */
export function detectLanguage(stored: unknown, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const raw of browserLanguages) {
    const tag = raw.toLowerCase();
    if (tag.startsWith('zh')) return /(tw|hk|mo|hant)/.test(tag) ? 'zhtw' : 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh';
}

/** The Accept-Language value that makes the server answer in the UI language. */
export function acceptLanguageOf(lang: Language): string {
  return lang === 'zhtw' ? 'zh-TW' : lang === 'en' ? 'en-US' : 'zh-CN';
}

/** The <html lang> attribute of each UI language. */
export const htmlLangOf = acceptLanguageOf;
