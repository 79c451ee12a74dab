import type { QueryClient } from '@tanstack/react-query';

/**
 * After a write: the screens' lists, the side trees and every picker's cached
 * tree and labels (a renamed department must show its new name everywhere).
 */
export function refreshPermissionData(client: QueryClient, scope?: string) {
  void client.invalidateQueries({ queryKey: scope ? ['permission', scope] : ['permission'] });
  void client.invalidateQueries({ queryKey: ['permission', 'sideTree'] });
  void client.invalidateQueries({ queryKey: ['orgPicker'] });
}
