import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { antdLocaleOf, loadAntdLocale } from '../../i18n/antdLocale.ts';
import { useLanguage } from '../../i18n/index.ts';
import { FeedbackRoot } from '../FeedbackBridge.tsx';
import type { Size } from '../stores/settings.ts';
import { useSettings } from '../stores/settingsStore.ts';

/** Input heights of spec §9 by size; antd derives its small and large sizes from this. */
const CONTROL_HEIGHT: Record<Size, number> = { default: 40, medium: 36, small: 32, mini: 28 };

/**
 * antd's theme, locale and toast holder for every page but the sign-in page.
 * A lazy layout route: the sign-in page is plain HTML and CSS, and antd comes
 * with the first page that needs it (the shell after signing in).
 */
export function AntdRoot() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}

/** The theme (colour and size from the settings), the language's antd locale and the toast holder. */
export function AntdProviders({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const themeColor = useSettings((s) => s.themeColor);
  const size = useSettings((s) => s.size);
  // The route's loader has the first language's locale ready; a switch renders the old one until the new chunk arrives.
  const [locale, setLocale] = useState(() => antdLocaleOf(lang));

  useEffect(() => {
    let alive = true;
    void loadAntdLocale(lang).then((next) => alive && setLocale(next));
    return () => {
      alive = false;
    };
  }, [lang]);

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
    <ConfigProvider locale={locale} theme={theme}>
      <FeedbackRoot>{children}</FeedbackRoot>
    </ConfigProvider>
  );
}
