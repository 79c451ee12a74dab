import type { AppContext } from '../../context.ts';

/** Demo data of the file module. Idempotent: fixed ids, insert-or-ignore. */
export async function seedFile(_ctx: AppContext): Promise<void> {}
