import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { setNavigator } from '../navigation.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { BootFallback } from './BootFallback.tsx';
import { guardLoader } from './guardLoader.ts';
import { loadAntdLocale } from '../../i18n/antdLocale.ts';
import { currentLanguage } from '../../i18n/index.ts';

/** Each page is its own chunk: the login page loads no shell, menus, dashboard or antd code. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const routes: RouteObject[] = [
  {
    id: 'root',
    loader: guardLoader,
    // Re-run the guard on every navigation, not only when params change.
    shouldRevalidate: () => true,
    Component: RootLayout,
    HydrateFallback: BootFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      { path: 'login', lazy: page(() => import('../../pages/login/LoginPage.tsx')), handle: { title: 'route.login' } },
      { path: 'login2', lazy: page(() => import('../../pages/login/LoginPage.tsx')), handle: { title: 'route.login' } },
      {
        // Every page but the sign-in page sits inside antd's theme, locale and toast holder.
        id: 'antd',
        lazy: async () => {
          const [{ AntdRoot }] = await Promise.all([import('./AntdRoot.tsx'), loadAntdLocale(currentLanguage())]);
          return { Component: AntdRoot };
        },
        children: [
          {
            path: 'auth-redirect',
            lazy: page(() => import('../../pages/auth-redirect/AuthRedirectPage.tsx')),
            handle: { title: 'route.jump' },
          },
          { path: 'jump', lazy: page(() => import('../../pages/jump/JumpPage.tsx')), handle: { title: 'route.jump' } },
          {
            path: 'lockScreen',
            lazy: page(() => import('../../pages/lock-screen/LockScreenPage.tsx')),
            handle: { title: 'route.lockScreen' },
          },
          { path: '404', lazy: page(() => import('../../pages/not-found/NotFoundPage.tsx')), handle: { title: 'route.notFound' } },
          {
            // The phone side of the scan-code sign-in: needs a session (the guard sends a stranger to login and back), no shell.
            path: 'scanConfirm',
            lazy: page(() => import('../../pages/scan-confirm/ScanConfirmPage.tsx')),
            handle: { title: 'scanConfirm:title' },
          },
          {
            // The shell renders every other path itself (fixed pages, menu pages,
            // frames) so visited views can stay mounted; the router only has to
            // match them and run the guard.
            path: '/',
            lazy: page(() => import('../layouts/ShellLayout.tsx')),
            children: [
              { index: true, loader: () => redirect('/home') },
              { path: '*', Component: () => null },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

setNavigator((to, options) => void router.navigate(to, options));
