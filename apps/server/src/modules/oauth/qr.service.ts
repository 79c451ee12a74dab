import type { LoginResult } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { newToken } from '../../lib/crypto.ts';
import { getSysConfig } from '../system/sys-config.service.ts';
import { checkUsable, completeLogin, findUserById } from './login.service.ts';
import type { ClientInfo } from './client-info.ts';

/**
 * App scan-code sign-in (spec §2.5): the login page shows a QR of a ticket and
 * polls it; a phone already signed in opens the ticket (scanned) and confirms
 * it; the next poll receives a fresh session for that user, exactly once.
 */
const TICKET_TTL_MS = 3 * 60_000;

export type TicketStatus = 'waiting' | 'scanned' | 'confirmed' | 'expired' | 'used';

export async function createTicket(ctx: AppContext): Promise<{ ticket: string; expiresAt: number }> {
  const now = Date.now();
  await ctx.db
    .deleteFrom('qrTickets')
    .where('expiresAt', '<', now - TICKET_TTL_MS)
    .execute();
  const ticket = newToken();
  await ctx.db
    .insertInto('qrTickets')
    .values({ id: ticket, status: 'waiting', userId: null, createdAt: now, expiresAt: now + TICKET_TTL_MS })
    .execute();
  return { ticket, expiresAt: now + TICKET_TTL_MS };
}

async function load(ctx: AppContext, ticket: string) {
  const row = await ctx.db.selectFrom('qrTickets').selectAll().where('id', '=', ticket).executeTakeFirst();
  if (!row) throw notFound('qr.expired');
  return row;
}

/** The poll: the status, and on the first poll after confirmation the session. */
export async function pollTicket(
  ctx: AppContext,
  ticket: string,
  client: ClientInfo,
): Promise<{ status: TicketStatus; login?: LoginResult }> {
  const row = await load(ctx, ticket);
  if (row.status === 'used') return { status: 'used' };
  if (row.expiresAt <= Date.now()) return { status: 'expired' };
  if (row.status !== 'confirmed') return { status: row.status as TicketStatus };
  const taken = await ctx.db
    .updateTable('qrTickets')
    .set({ status: 'used' })
    .where('id', '=', ticket)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return { status: 'used' };
  const user = (await findUserById(ctx, row.userId!))!;
  await checkUsable(ctx, await getSysConfig(ctx), client, 'scan', user.account, user);
  return { status: 'confirmed', login: await completeLogin(ctx, user, client, 'scan') };
}

/** Called by the signed-in phone: 'scan' when it opens the ticket, 'confirm' when the user agrees. */
export async function advanceTicket(ctx: AppContext, ticket: string, userId: string, step: 'scan' | 'confirm' | 'cancel') {
  const row = await load(ctx, ticket);
  if (row.expiresAt <= Date.now()) throw badRequest('qr.expired');
  if (row.status === 'used' || row.status === 'confirmed') throw badRequest('qr.used');
  if (row.userId && row.userId !== userId) throw badRequest('qr.used');
  const status = step === 'scan' ? 'scanned' : step === 'confirm' ? 'confirmed' : 'waiting';
  await ctx.db
    .updateTable('qrTickets')
    .set({ status, userId: step === 'cancel' ? null : userId })
    .where('id', '=', ticket)
    .execute();
  return { status };
}
