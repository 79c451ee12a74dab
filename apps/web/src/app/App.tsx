import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../i18n/index.ts';
import { RouterProvider } from 'react-router';
import { antdLocales, applyDayjsLocale } from '../i18n/antdLocale.ts';
import { htmlLangOf } from '../i18n/language.ts';
import { FeedbackRoot } from './FeedbackBridge.tsx';
import { router } from './router/router.tsx';
import type { Size } from './stores/settings.ts';
import { useSettings } from './stores/settingsStore.ts';

/** Input heights of spec §9 by size; antd derives its small and large sizes from this. */
const CONTROL_HEIGHT: Record<Size, number> = { default: 40, medium: 36, small: 32, mini: 28 };

export function App() {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n);
  const themeColor = useSettings((s) => s.themeColor);
  const size = useSettings((s) => s.size);

  useEffect(() => {
    applyDayjsLocale(lang);
    document.documentElement.lang = htmlLangOf(lang);
  }, [lang]);

  useEffect(() => {
    // Plain CSS (sidebar highlight, tags) reads the theme colour from here.
    document.documentElement.style.setProperty('--ma-primary', themeColor);
  }, [themeColor]);

  const theme = useMemo<ThemeConfig>(
    () => ({
      algorithm: antdTheme.defaultAlgorithm,
      cssVar: { key: 'ma' },
      token: { colorPrimary: themeColor, colorInfo: themeColor, controlHeight: CONTROL_HEIGHT[size], borderRadius: 4 },
      components: {
        Menu: {
          darkItemBg: '#1d2935',
          darkSubMenuItemBg: '#16202a',
          darkPopupBg: '#1d2935',
          darkItemSelectedBg: themeColor,
          itemHeight: 48,
        },
        Layout: { headerHeight: 50, headerPadding: '0 12px', headerBg: '#fff', siderBg: '#1d2935', bodyBg: '#f0f2f5' },
      },
    }),
    [themeColor, size],
  );

  return (
    <ConfigProvider locale={antdLocales[lang]} theme={theme}>
      <FeedbackRoot>
        <RouterProvider router={router} />
      </FeedbackRoot>
    </ConfigProvider>
  );
}
