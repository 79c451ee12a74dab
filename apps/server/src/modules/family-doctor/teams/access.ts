import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { forbidden } from '../../../http/errors.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { healthScope, type HealthScope } from '../../health/privacy/scope.ts';

/** The family-doctor menus of the team, package, question and KPI screens (helper E2's part of issue 21). */
export const FD_TEAM_MENUS = ['fd_team', 'team_audit'] as const;
export const FD_PACKAGE_MENUS = ['fd_package'] as const;
export const FD_QUESTION_MENUS = ['question_list'] as const;
export const FD_KPI_MENUS = ['fd_statis'] as const;

export interface FdCaller {
  userId: string;
  isAdministrator: boolean;
  scope: HealthScope;
}

/** Untyped access to our own tables (the referral module's way; schema.ts is not ours). */
export const rawDb = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;

export async function fdCaller(ctx: AppContext, req: FastifyRequest): Promise<FdCaller> {
  return { userId: req.session.userId, isAdministrator: req.session.isAdministrator, scope: await healthScope(ctx, req.session) };
}

/** 403 unless the caller holds one of the menus (with the button when named). */
export async function needMenu(ctx: AppContext, req: FastifyRequest, menus: readonly string[], button?: string): Promise<void> {
  const g = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
  if (g.isAdministrator) return;
  if (!menus.some((m) => g.modules.has(m) && (!button || g.modules.get(m)!.has(button)))) throw forbidden();
}

/** Which buttons of a menu the caller holds (the screens show only what the server allows). */
export async function buttonsOf(ctx: AppContext, req: FastifyRequest, menu: string, buttons: string[]): Promise<Record<string, boolean>> {
  const g = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
  return Object.fromEntries(buttons.map((b) => [b, g.isAdministrator || !!g.modules.get(menu)?.has(b)]));
}

export const parseGroups = (v: unknown): string[] => {
  try {
    const a = JSON.parse(String(v ?? '[]'));
    return Array.isArray(a) ? a.map(String) : [];
  } catch {
    return [];
  }
};
