import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../i18n/index.ts';
import { useNavigate } from 'react-router';
import { navTitle, resolveLinkUrl, type NavItem } from '../router/menuRoutes.ts';
import { titleText, type TitleSource } from '../router/routeMeta.ts';
import { getToken } from '../stores/sessionStore.ts';
import { useUser } from '../stores/userStore.ts';
import { indexNav } from './menuModel.ts';

/** Host of data-visualisation screens (menu type 6 and `${dataV}` in links). */
export const DATAV_URL: string = import.meta.env.VITE_DATAV_URL ?? '/dataV/';

export function linkUrl(template: string): string {
  return resolveLinkUrl(template, { dataV: DATAV_URL, token: getToken() });
}

/** Titles in the current language: menu titles from the server, fixed ones via i18n. */
export function useTitle(): (source: TitleSource | Pick<NavItem, 'title'>) => string {
  const { t, i18n } = useTranslation();
  const lang = languageOf(i18n);
  return useCallback((source) => ('title' in source ? navTitle(source, lang) : titleText(source, lang, (k) => t(k))), [lang, t]);
}

/** Opening a menu entry: in-app navigation, or a new window for data-visualisation and _blank links. */
export function useOpenNavItem(): (item: NavItem) => void {
  const navigate = useNavigate();
  return useCallback(
    (item) => {
      if (item.href) window.open(linkUrl(item.href), '_blank', 'noopener,noreferrer');
      else if (item.to) navigate(item.to);
    },
    [navigate],
  );
}

export function useNavIndex(): Map<string, NavItem> {
  const nav = useUser((s) => s.routeTable.nav);
  return useMemo(() => indexNav(nav), [nav]);
}
