import { useTranslation } from 'react-i18next';
import { languageOf } from '../../i18n/index.ts';
import type { Language } from '@medalliance/contract';
import { changeLanguage } from '../../app/language.ts';
import { LANGUAGES } from '@medalliance/contract';

const SHORT: Record<Language, string> = { zh: '简体', zhtw: '繁體', en: 'EN' };
const FULL: Record<Language, string> = { zh: '简体中文', zhtw: '繁體中文', en: 'English' };

/** The login page's language choice: three plain buttons, lighter than the top bar's dropdown. */
export function LanguageButtons() {
  const { t, i18n } = useTranslation();
  const current = languageOf(i18n);
  return (
    <div className="ma-login-lang" role="radiogroup" aria-label={t('navbar.language')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          role="radio"
          aria-checked={lang === current}
          aria-label={FULL[lang]}
          lang={lang === 'en' ? 'en' : lang === 'zhtw' ? 'zh-TW' : 'zh-CN'}
          className={lang === current ? 'is-active' : ''}
          onClick={() => lang !== current && void changeLanguage(lang)}
        >
          {SHORT[lang]}
        </button>
      ))}
    </div>
  );
}
