import { useCallback, useMemo } from 'react';
import { useView } from '../../app/shell/ViewContext.ts';
import { useUser } from '../../app/stores/userStore.ts';
import { grantedCodes, hasPermission, type PermissionKind } from './permission.ts';

/**
 * Permission checks for the current screen (spec §6). The modelId is the menu
 * id in the view's route meta; a screen without one is refused everything.
 * Hiding is a convenience: the server refuses the call anyway.
 */
export function usePermission(modelIdOverride?: string) {
  const view = useView();
  const modelId = modelIdOverride ?? view?.meta.modelId;
  const list = useUser((s) => s.permissionList);

  const has = useCallback((kind: PermissionKind, code: string) => hasPermission(list, modelId, kind, code), [list, modelId]);

  return useMemo(
    () => ({
      modelId,
      has,
      hasBtn: (code: string) => has('button', code),
      hasColumn: (code: string) => has('column', code),
      hasForm: (code: string) => has('form', code),
      codes: (kind: PermissionKind) => grantedCodes(list, modelId, kind),
    }),
    [has, list, modelId],
  );
}
