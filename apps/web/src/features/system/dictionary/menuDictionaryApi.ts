import { http } from '../../../api/http.ts';
import type { DictionaryData, DictionaryDataForm, DictionaryOption } from '../../../api/system.ts';

/**
 * Calls of a dictionary page (menu type 4): the one dictionary the menu names,
 * under the menu's own buttons (apps/server/src/modules/system/dictionary-menu.routes.ts).
 */

export interface MenuDictionaryType {
  id: string;
  fullName: string;
  enCode: string;
  isTree: number;
}

export interface SortEntry {
  id: string;
  sortCode: number;
}

const enc = encodeURIComponent;
const base = (menuId: string) => `/api/system/DictionaryData/Menu/${enc(menuId)}`;

export const menuDictionaryApi = {
  /** The menu's dictionary and its items: a tree for tree types; a keyword keeps the ancestors of hits. */
  list: (menuId: string, keyword = '') =>
    http.get<{ type: MenuDictionaryType; list: DictionaryData[] }>(base(menuId), keyword ? { keyword } : undefined),
  /** Parent picker of the form: the type as top node '0', minus the edited item's subtree. */
  parentSelector: (menuId: string, excludeId = '0') => http.get<{ list: DictionaryOption[] }>(`${base(menuId)}/Selector/${enc(excludeId)}`),
  create: (menuId: string, form: DictionaryDataForm) => http.post<{ id: string }>(base(menuId), form),
  update: (menuId: string, id: string, form: DictionaryDataForm) => http.put(`${base(menuId)}/${enc(id)}`, form),
  remove: (menuId: string, id: string) => http.delete(`${base(menuId)}/${enc(id)}`),
  setState: (menuId: string, id: string, enabledMark: 0 | 1) =>
    http.put<{ enabledMark: number }>(`${base(menuId)}/${enc(id)}/Actions/State`, { enabledMark }),
  /** New sort codes in one transaction: a dragged sibling group in its new order. */
  sort: (menuId: string, list: SortEntry[]) => http.put<{ count: number }>(`${base(menuId)}/Actions/Sort`, { list }),
};
