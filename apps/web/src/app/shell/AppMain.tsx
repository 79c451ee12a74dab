import { Activity, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { setDocumentTitle } from '../../i18n/title.ts';
import { resolveShellPath } from '../router/fixedViews.ts';
import type { ViewRoute } from '../router/routeMeta.ts';
import { useSettings } from '../stores/settingsStore.ts';
import { useTags } from '../stores/tagsStore.ts';
import { useUser } from '../stores/userStore.ts';
import { PageLoading } from './PageLoading.tsx';
import { ViewContext, type ViewState } from './ViewContext.ts';
import { ViewContent } from './ViewContent.tsx';
import { ViewErrorBoundary } from './ViewErrorBoundary.tsx';
import { pinHomeTag } from './homeTag.ts';
import { useTitle } from './useNavActions.ts';

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The main area with keep-alive (spec §2.5, §4). Every cached view stays
 * mounted inside a hidden <Activity>, which keeps its state (form input,
 * scroll of inner panes, loaded frames) while effects pause. Without the page
 * cache only the active view is mounted, except frames, which are always kept
 * (spec §2.4). Views render in the tag strip's order, which only ever
 * appends, so a kept iframe is never moved in the DOM (moving reloads it).
 */
export function AppMain() {
  const { pathname, search } = useLocation();
  const path = normalize(pathname);
  const table = useUser((s) => s.routeTable);
  const useCache = useSettings((s) => s.useCache);
  const visited = useTags((s) => s.visited);
  const cached = useTags((s) => s.cached);
  const addView = useTags((s) => s.addView);
  const title = useTitle();
  const { i18n } = useTranslation();

  const resolved = resolveShellPath(path, table);
  const active: ViewRoute | null = resolved.type === 'view' ? resolved.view : null;

  // The home tab comes first (this effect runs before the one below, which adds the visited view).
  useEffect(pinHomeTag, []);

  useEffect(() => {
    if (!active || active.meta.noTag) return;
    const frame = active.kind === 'frame';
    addView(
      {
        path,
        fullPath: path + search,
        title: active.meta.title,
        icon: active.meta.icon || (frame ? 'DesktopOutlined' : 'FileTextOutlined'),
        affix: active.meta.affix,
        noCache: active.meta.noCache,
        frame,
      },
      frame || (useCache && !active.meta.noCache),
    );
  }, [active, path, search, useCache, addView]);

  useEffect(() => {
    if (active) setDocumentTitle(title(active.meta.title));
  }, [active, title, i18n.language]);

  const instances = useMemo(() => {
    const keep = new Set(cached);
    const list: { view: ViewRoute; search: string }[] = [];
    let activeListed = false;
    for (const tag of visited) {
      if (tag.path !== path && !keep.has(tag.path)) continue;
      const r = resolveShellPath(tag.path, table);
      if (r.type !== 'view') continue;
      const isActive = tag.path === path;
      activeListed ||= isActive;
      list.push({ view: r.view, search: isActive ? search : tag.fullPath.slice(tag.path.length) });
    }
    if (active && !activeListed) list.push({ view: active, search });
    return list;
  }, [visited, cached, path, search, table, active]);

  return (
    <main className="ma-app-main" id="ma-main">
      {instances.map(({ view, search: viewSearch }) => {
        const isActive = view.path === path;
        const state: ViewState = { path: view.path, search: viewSearch, meta: view.meta, active: isActive };
        return (
          <Activity key={view.path} mode={isActive ? 'visible' : 'hidden'}>
            <ViewContext.Provider value={state}>
              <div className={`ma-view ${view.kind === 'frame' ? 'is-frame' : ''}`}>
                <ViewErrorBoundary>
                  <Suspense fallback={<PageLoading />}>
                    <ViewContent view={view} />
                  </Suspense>
                </ViewErrorBoundary>
              </div>
            </ViewContext.Provider>
          </Activity>
        );
      })}
    </main>
  );
}
