import { readField, type Assignee } from '@medalliance/contract';
import type { Db } from '../../db/connection.ts';

/** What resolving a node's approvers may look at. */
export interface ResolveInput {
  instanceId: string;
  starterId: string;
  nodeId: string;
  values: Record<string, unknown>;
  /** Approvers chosen by the previous approver (or the starter) for `chosen` nodes. */
  chosen: Record<string, string[]>;
}

/** Keeps the ids of enabled users, in the given order, once each. */
export async function enabledUsers(db: Db, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.filter((id) => typeof id === 'string' && id !== ''))];
  if (!unique.length) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', unique).where('enabledMark', '=', 1).execute();
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((id) => found.has(id));
}

/** Users holding any of the roles or positions (user_relations), in the users' list order. */
async function holders(db: Db, objectType: 'Role' | 'Position', objectIds: readonly string[]): Promise<string[]> {
  if (!objectIds.length) return [];
  const rows = await db
    .selectFrom('userRelations as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select('u.id')
    .where('r.objectType', '=', objectType)
    .where('r.objectId', 'in', [...objectIds])
    .where('u.enabledMark', '=', 1)
    .orderBy('u.sortCode')
    .orderBy('u.id')
    .execute();
  return [...new Set(rows.map((r) => r.id))];
}

/** A form field's value as user ids: an id, comma-joined ids, a JSON list or an array. */
function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(idsOf);
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return idsOf(JSON.parse(text));
    } catch {
      return [];
    }
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Users an assignee rule names, enabled only, in order (sequential signing follows it); [] when nobody is found. */
export async function resolveAssignee(db: Db, a: Assignee, input: ResolveInput): Promise<string[]> {
  switch (a.type) {
    case 'users':
      return enabledUsers(db, a.userIds);
    case 'starter':
      return enabledUsers(db, [input.starterId]);
    case 'manager': {
      let current: string | null = input.starterId;
      for (let i = 0; i < a.level && current; i++) {
        const row = await db.selectFrom('users').select('managerId').where('id', '=', current).executeTakeFirst();
        current = row?.managerId ?? null;
      }
      return current && current !== input.starterId ? enabledUsers(db, [current]) : [];
    }
    case 'deptHead': {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('organizations as o', 'o.id', 'u.organizeId')
        .select('o.managerId')
        .where('u.id', '=', input.starterId)
        .executeTakeFirst();
      return row?.managerId ? enabledUsers(db, [row.managerId]) : [];
    }
    case 'role':
      return holders(db, 'Role', a.roleIds);
    case 'position':
      return holders(db, 'Position', a.positionIds);
    case 'formField':
      return enabledUsers(db, idsOf(readField(input.values, a.field)));
    case 'nodeApprover': {
      // Who approved that node the last time it was passed.
      const last = await db
        .selectFrom('flowNodeStates')
        .select('id')
        .where('instanceId', '=', input.instanceId)
        .where('nodeId', '=', a.nodeId)
        .where('status', '=', 2)
        .orderBy('createdSeq', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!last) return [];
      const rows = await db
        .selectFrom('flowTasks')
        .select('handlerId')
        .where('nodeStateId', '=', last.id)
        .where('status', '=', 2)
        .orderBy('sortCode')
        .execute();
      return enabledUsers(
        db,
        rows.map((r) => r.handlerId),
      );
    }
    case 'chosen':
      return enabledUsers(db, input.chosen[input.nodeId] ?? []);
  }
}

/** The administrators, for nodes whose rule hands an approver-less node to them. */
export async function administrators(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('isAdministrator', '=', 1)
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The delegate standing in for `userId` on `flowId` at `at`, if an entrust rule covers it. */
export async function delegateOf(db: Db, userId: string, flowId: string, at: number): Promise<string | null> {
  const row = await db
    .selectFrom('flowEntrusts as e')
    .innerJoin('users as u', 'u.id', 'e.delegateId')
    .select('e.delegateId')
    .where('e.delegatorId', '=', userId)
    .where('e.enabledMark', '=', 1)
    .where('e.startAt', '<=', at)
    .where('e.endAt', '>', at)
    .where((eb) => eb.or([eb('e.flowId', 'is', null), eb('e.flowId', '=', flowId)]))
    .where('u.enabledMark', '=', 1)
    .orderBy('e.createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && row.delegateId !== userId ? row.delegateId : null;
}

/**
 * The delegates standing in for each of `userIds` on `flowId` at `at`, in one
 * statement (a node with fifty approvers is one lookup, not fifty): for each
 * delegator the newest rule covering the moment wins, as in delegateOf.
 */
export async function delegatesOf(db: Db, userIds: readonly string[], flowId: string, at: number): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(userIds)];
  if (!unique.length) return out;
  const rows = await db
    .selectFrom('flowEntrusts as e')
    .innerJoin('users as u', 'u.id', 'e.delegateId')
    .select(['e.delegatorId', 'e.delegateId'])
    .where('e.delegatorId', 'in', unique)
    .where('e.enabledMark', '=', 1)
    .where('e.startAt', '<=', at)
    .where('e.endAt', '>', at)
    .where((eb) => eb.or([eb('e.flowId', 'is', null), eb('e.flowId', '=', flowId)]))
    .where('u.enabledMark', '=', 1)
    .orderBy('e.createdAt', 'desc')
    .execute();
  for (const r of rows) if (!out.has(r.delegatorId) && r.delegateId !== r.delegatorId) out.set(r.delegatorId, r.delegateId);
  return out;
}
