import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import type { Language } from '@medalliance/contract';

/**
 * antd's own texts (pagination, pickers, empty states) and dayjs's month and
 * weekday names follow the UI language. Each language is its own chunk,
 * loaded when the antd root first shows it: a user downloads one language,
 * and the sign-in page (outside the antd root) none.
 */
const loaders: Record<Language, () => Promise<Locale>> = {
  zh: () => Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]).then(([m]) => m.default),
  zhtw: () => Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]).then(([m]) => m.default),
  en: () => import('antd/es/locale/en_US').then((m) => m.default),
};

const dayjsLocales: Record<Language, string> = { zh: 'zh-cn', zhtw: 'zh-tw', en: 'en' };

const loaded = new Map<Language, Locale>();
const loading = new Map<Language, Promise<Locale>>();

/** The language's antd locale if it has been loaded already. */
export function antdLocaleOf(lang: Language): Locale | undefined {
  return loaded.get(lang);
}

/** Loads the language's antd and dayjs locales (once) and makes dayjs use it. */
export async function loadAntdLocale(lang: Language): Promise<Locale> {
  let pending = loading.get(lang);
  if (!pending) {
    pending = loaders[lang]().then((locale) => {
      loaded.set(lang, locale);
      return locale;
    });
    // A failed chunk load may be retried on the next language change.
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  const locale = await pending;
  dayjs.locale(dayjsLocales[lang]);
  return locale;
}
