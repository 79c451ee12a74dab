import type { ReactNode } from 'react';
import type { PermissionKind } from './permission.ts';
import { usePermission } from './usePermission.ts';

interface AuthProps {
  /** The enCode to check, e.g. BUTTON_CODES.add ('btn_add'). */
  code: string;
  /** Which list of the permission entry to look in; buttons by default. */
  kind?: PermissionKind;
  /** Check another screen than the current one. */
  modelId?: string;
  children: ReactNode;
}

/** Renders its children only when allowed; otherwise the element is removed, not disabled (spec §6). */
export function Auth({ code, kind = 'button', modelId, children }: AuthProps) {
  const { has } = usePermission(modelId);
  return has(kind, code) ? <>{children}</> : null;
}
