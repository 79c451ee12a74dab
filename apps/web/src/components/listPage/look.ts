import { useTranslation } from 'react-i18next';

/**
 * How a family of list screens looks and speaks. The system-data screens and
 * the permission screens were specified with their own layout (head row vs.
 * search bar over a toolbar) and keep their texts in their own namespace, so
 * the scaffold takes both from here rather than owning either.
 */
export interface ListLook {
  kind: 'system' | 'permission';
  /** i18next namespace holding the list texts below. */
  ns: string;
  /** Prefix of those keys in the namespace ('common.' in permission). */
  prefix: string;
}

/** The texts every list screen uses; each look's namespace defines all of them. */
export type ListTextKey =
  | 'search'
  | 'reset'
  | 'keyword'
  | 'refresh'
  | 'add'
  | 'actions'
  | 'edit'
  | 'delete'
  | 'more'
  | 'total'
  | 'tip'
  | 'ok'
  | 'cancel'
  | 'deleteConfirm'
  | 'deleted'
  | 'stateChanged'
  | 'noData';

// Namespaces as strings: importing the features' messages from components/ would invert the dependency.
export const systemLook: ListLook = { kind: 'system', ns: 'system', prefix: '' };
export const permissionLook: ListLook = { kind: 'permission', ns: 'permission', prefix: 'common.' };

export type ListTexts = (key: ListTextKey, options?: Record<string, unknown>) => string;

export function useListTexts(look: ListLook): ListTexts {
  const { t } = useTranslation(look.ns);
  return (key, options) => t(`${look.prefix}${key}`, options);
}
