import type { AppContext } from '../../context.ts';

/** Demo data of the system module. Idempotent: fixed ids, insert-or-ignore. */
export async function seedSystem(_ctx: AppContext): Promise<void> {}
