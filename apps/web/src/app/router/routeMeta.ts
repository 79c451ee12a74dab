import type { Language, MenuType } from '@medalliance/contract';

/**
 * Where a title comes from: an i18n key (fixed routes) or the menu's own
 * titles (server menus carry `fullName` in zh plus optional zhtw / en).
 * Stored as data, not as a translated string, so tabs and breadcrumbs
 * re-translate when the language changes.
 */
export type TitleSource = { key: string } | { text: Partial<Record<Language, string>> & { zh: string } };

export interface RouteMeta {
  title: TitleSource;
  icon?: string;
  /** The menu id: the permission entry of this screen (spec §6). */
  modelId?: string;
  /** The low-code model, dictionary, report or portal id from propertyJson.moduleId. */
  relationId?: string;
  isTree?: boolean;
  menuType?: MenuType;
  enCode?: string;
  /** Pinned tab: cannot be closed, survives close others / close all. */
  affix?: boolean;
  /** Opts the view out of keep-alive. */
  noCache?: boolean;
  /** Frame pages (external link _self, iframe pages): source, placeholders unresolved. */
  frameSrc?: string;
  /** Query string of a page's urlAddress, kept so menu clicks still send it. */
  query?: string;
  /** Never shown as a tab (the refresh helper). */
  noTag?: boolean;
}

/** How a view renders: a registered page, a low-code runtime page, or a kept frame. */
export type ViewKind = 'page' | 'dynamic' | 'frame';

export interface ViewRoute {
  path: string;
  kind: ViewKind;
  meta: RouteMeta;
}

export function titleText(source: TitleSource, lang: Language, t: (key: string) => string): string {
  if ('key' in source) return t(source.key);
  return source.text[lang] || source.text.zh;
}
