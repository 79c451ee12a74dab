import type { Language } from '@medalliance/contract';
import { saveSystemLanguage } from '../api/usersCurrent.ts';
import { i18n, t } from '../i18n/index.ts';
import { toast } from './feedback.ts';
import { useSession } from './stores/sessionStore.ts';
import { getSettings } from './stores/settingsStore.ts';

/**
 * Switches the UI language (spec §4): stores the choice, re-renders every
 * text (the page title follows), says so in the new language, and records it
 * on the account when signed in.
 */
export async function changeLanguage(lang: Language, options: { announce?: boolean } = {}): Promise<void> {
  getSettings().set('language', lang);
  await i18n.changeLanguage(lang);
  if (options.announce !== false) toast.success(t('language.switched'));
  if (useSession.getState().token) saveSystemLanguage(lang).catch(() => {});
}

export const LANGUAGE_LABELS: Record<Language, string> = { zh: '简体中文', zhtw: '繁體中文', en: 'English' };
