import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { useLanguage } from '../i18n/index.ts';
import { htmlLangOf } from '../i18n/language.ts';
import { router } from './router/router.tsx';
import { useSettings } from './stores/settingsStore.ts';

/**
 * The app root. No antd here: antd's theme, locale and toasts live in the
 * AntdRoot layout route, so the sign-in page paints without downloading antd.
 */
export function App() {
  const lang = useLanguage();
  const themeColor = useSettings((s) => s.themeColor);

  useEffect(() => {
    document.documentElement.lang = htmlLangOf(lang);
  }, [lang]);

  useEffect(() => {
    // Plain CSS (sidebar highlight, tags, the sign-in page) reads the theme colour from here.
    document.documentElement.style.setProperty('--ma-primary', themeColor);
  }, [themeColor]);

  return <RouterProvider router={router} />;
}
