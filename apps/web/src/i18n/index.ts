import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { ruleMessages, type Language } from '@medalliance/contract';
import { LANGUAGES } from '@medalliance/contract';
import { isLanguage } from './language.ts';
import { getSettings } from '../app/stores/settingsStore.ts';
import { common } from './locales/common.ts';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: getSettings().language,
  fallbackLng: 'zh',
  supportedLngs: [...LANGUAGES],
  // Keys are flat strings such as 'rules.required' or 'tags.closeAll'.
  keySeparator: false,
  defaultNS: 'common',
  ns: ['common', 'rules'],
  // The shell's own texts are present from the start; features add theirs with defineMessages.
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { common: common[lang], rules: ruleMessages[lang] }])),
  interpolation: { escapeValue: false },
  // Resources are bundled with the code that uses them, so init is synchronous.
  initAsync: false,
  react: { useSuspense: false },
});

type Catalog<K extends string> = { zh: Record<K, string>; zhtw: Record<K, string>; en: Record<K, string> };

/**
 * Registers one namespace's texts in all three languages. Each feature keeps
 * its own `messages.ts` and calls this at import time, so its texts ship in
 * its own chunk and nobody edits a shared catalogue. Missing keys in any
 * language fail the type check.
 */
export function defineMessages<K extends string>(ns: string, messages: Catalog<K>): Catalog<K> {
  for (const lang of LANGUAGES) i18n.addResourceBundle(lang, ns, messages[lang], true, true);
  return messages;
}

/** The UI language, always one of zh / zhtw / en (i18next may report a region tag or nothing early on). */
export function languageOf(instance: { resolvedLanguage?: string; language?: string }): Language {
  if (isLanguage(instance.resolvedLanguage)) return instance.resolvedLanguage;
  if (isLanguage(instance.language)) return instance.language;
  return 'zh';
}

export const currentLanguage = (): Language => languageOf(i18n);

/** The UI language in React; re-renders on change. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return languageOf(instance);
}

/** Translate outside React (http client, guard, page title). */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options) as string;
