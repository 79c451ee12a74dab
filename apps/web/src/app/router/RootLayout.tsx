import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { setDocumentTitle } from '../../i18n/title.ts';
import { useLeaveWarning } from './useLeaveWarning.ts';

interface TitleHandle {
  title?: string;
}

/** Root of every page: page titles of pages outside the shell, scroll reset, leave warning. */
export function RootLayout() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const titleKey = (matches[matches.length - 1]?.handle as TitleHandle | undefined)?.title;

  useEffect(() => {
    // Shell pages set their own title from the menu; only fixed outside pages carry a handle.
    if (titleKey) setDocumentTitle(t(titleKey));
  }, [titleKey, t, i18n.language]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useLeaveWarning(pathname);

  return <Outlet />;
}
