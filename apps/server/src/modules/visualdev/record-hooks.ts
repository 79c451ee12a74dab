import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';

/**
 * Server rules of a domain module over a low-code model's records (the health
 * module's ID check, duplicates, completeness, timeline ...): hooks run by
 * records.service inside the write's transaction, so a hook's own writes
 * commit or roll back with the record, and a hook that throws refuses the
 * write (the envelope shows its error).
 */
export interface RecordHookContext {
  ctx: AppContext;
  /** The write's transaction, without plugins (columns as written). */
  db: Kysely<any>;
  session: SessionInfo;
  modelId: string;
}

export interface RecordHooks {
  /** Before the main row is written: `data` is the checked record (a hook may change it); `id` null on create. */
  beforeSave?(h: RecordHookContext, data: Record<string, unknown>, id: string | null): Promise<void>;
  /** After the main row and its sub-rows are written. */
  afterSave?(h: RecordHookContext, id: string, data: Record<string, unknown>, created: boolean): Promise<void>;
  /** Before rows (that the caller may delete) are deleted. */
  beforeDelete?(h: RecordHookContext, ids: string[]): Promise<void>;
}

const registry = new Map<string, RecordHooks[]>();

/** Adds hooks for the model with this enCode (a module calls it once, at import). */
export function registerRecordHooks(modelEnCode: string, hooks: RecordHooks): void {
  const list = registry.get(modelEnCode) ?? [];
  if (!list.includes(hooks)) list.push(hooks);
  registry.set(modelEnCode, list);
}

/** The hooks of a model, in registration order (none: an empty list). */
export function recordHooksOf(modelEnCode: string): readonly RecordHooks[] {
  return registry.get(modelEnCode) ?? [];
}

/** Removes hooks (tests). */
export function unregisterRecordHooks(modelEnCode: string, hooks: RecordHooks): void {
  const list = registry.get(modelEnCode);
  if (!list) return;
  const i = list.indexOf(hooks);
  if (i >= 0) list.splice(i, 1);
}

export async function runBeforeSave(
  modelEnCode: string,
  h: RecordHookContext,
  data: Record<string, unknown>,
  id: string | null,
): Promise<void> {
  for (const hooks of recordHooksOf(modelEnCode)) if (hooks.beforeSave) await hooks.beforeSave(h, data, id);
}

export async function runAfterSave(
  modelEnCode: string,
  h: RecordHookContext,
  id: string,
  data: Record<string, unknown>,
  created: boolean,
): Promise<void> {
  for (const hooks of recordHooksOf(modelEnCode)) if (hooks.afterSave) await hooks.afterSave(h, id, data, created);
}

export async function runBeforeDelete(modelEnCode: string, h: RecordHookContext, ids: string[]): Promise<void> {
  for (const hooks of recordHooksOf(modelEnCode)) if (hooks.beforeDelete) await hooks.beforeDelete(h, ids);
}
