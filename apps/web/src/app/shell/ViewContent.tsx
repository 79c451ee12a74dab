import { lazy, type ComponentType } from 'react';
import { ModulePlaceholder } from '../../features/placeholder/ModulePlaceholder.tsx';
import { REDIRECT_PREFIX } from '../router/fixedViews.ts';
import { findDynamicPage, findPage, lazyPage } from '../router/pageRegistry.ts';
import type { ViewRoute } from '../router/routeMeta.ts';
import { FrameView } from './FrameView.tsx';
import { linkUrl } from './useNavActions.ts';

const HomePage = lazy(() => import('../../pages/home/HomePage.tsx'));
const ProfilePage = lazy(() => import('../../pages/profile/ProfilePage.tsx'));
const ExternalLinkPage = lazy(() => import('../../pages/external-link/ExternalLinkPage.tsx'));
const MenuMorePage = lazy(() => import('../../pages/menu-more/MenuMorePage.tsx'));
const RedirectPage = lazy(() => import('../../pages/redirect/RedirectPage.tsx'));
const PreviewModelPage = lazy(() => import('../../lowcode/preview/PreviewPage.tsx'));

const FIXED: Record<string, ComponentType> = {
  '/home': HomePage,
  // Spec §2.1: /dashboard and /chardHome are home pages too (the top bar's home icon opens /chardHome).
  '/dashboard': HomePage,
  '/chardHome': HomePage,
  '/profile': ProfilePage,
  '/externalLink': ExternalLinkPage,
  '/menuMore': MenuMorePage,
  '/previewModel': PreviewModelPage,
};

/** The screen of one view: fixed page, registered menu page, low-code runtime page, frame, or the placeholder. */
export function ViewContent({ view }: { view: ViewRoute }) {
  if (view.path.startsWith(REDIRECT_PREFIX)) return <RedirectPage />;
  const Fixed = FIXED[view.path];
  if (Fixed) return <Fixed />;

  if (view.kind === 'frame' && view.meta.frameSrc) return <FrameView src={linkUrl(view.meta.frameSrc)} />;

  const loader = view.kind === 'dynamic' ? findDynamicPage(view.meta.menuType) : findPage(view.path);
  if (loader) {
    const Page = lazyPage(loader);
    return <Page />;
  }
  return <ModulePlaceholder kind={view.kind === 'dynamic' ? 'dynamic' : 'page'} />;
}
