import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MenuType } from '@medalliance/contract';

/**
 * Where menu pages find their screens. Each feature (and later the low-code
 * runtime) declares its screens in its own `pages.ts`, picked up here at build
 * time, so adding a screen never means editing a shared list:
 *
 *   // src/features/permission/pages.ts
 *   export const pages = { '/permission/user': () => import('./users/UsersPage.tsx') };
 *   // src/lowcode/pages.ts
 *   export const dynamicPages = { 3: () => import('./runtime/ModelPage.tsx') };
 *
 * Loaders stay lazy: every screen is its own chunk.
 */
export type PageLoader = () => Promise<{ default: ComponentType }>;

interface PageManifest {
  pages?: Record<string, PageLoader>;
  dynamicPages?: Partial<Record<MenuType, PageLoader>>;
}

const manifests = import.meta.glob<PageManifest>(['../../features/**/pages.ts', '../../lowcode/**/pages.ts'], { eager: true });

const pageLoaders: Record<string, PageLoader> = {};
const dynamicLoaders: Partial<Record<MenuType, PageLoader>> = {};
for (const manifest of Object.values(manifests)) {
  Object.assign(pageLoaders, manifest.pages);
  Object.assign(dynamicLoaders, manifest.dynamicPages);
}

const components = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

/** One lazy component per loader, so a remount does not re-import. */
export function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let component = components.get(loader);
  if (!component) {
    component = lazy(loader);
    components.set(loader, component);
  }
  return component;
}

export function findPage(path: string): PageLoader | undefined {
  return pageLoaders[path];
}

export function findDynamicPage(type: MenuType | undefined): PageLoader | undefined {
  return type === undefined ? undefined : dynamicLoaders[type];
}
