import type { FastifyRequest } from 'fastify';
import type { OnlineUserRow, PageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';
import { clientInfo, ipAddressName } from '../oauth/client-info.ts';
import { revokeSessionsBySid, type SessionInfo } from '../oauth/sessions.service.ts';
import { orgPathNames } from './org-tree.service.ts';
import './messages.ts';

/** Live sessions (not revoked, not expired) with their user: the online-users screen. */
export async function listOnlineUsers(ctx: AppContext, session: SessionInfo, q: PageQuery) {
  let query = ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.sid',
      'sessions.userId',
      'sessions.createdAt',
      'sessions.lastSeenAt',
      'sessions.ip',
      'sessions.userAgent',
      'sessions.loginType',
      'users.account',
      'users.realName',
      'users.organizeId',
    ])
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', Date.now());
  if (q.keyword) query = query.where(keywordMatch(['users.account', 'users.realName', 'sessions.ip'], q.keyword));
  const page = await paginate(query.orderBy('sessions.createdAt', 'desc').orderBy('sessions.sid'), q);
  const names = await orgPathNames(
    ctx,
    page.list.map((r) => r.organizeId),
  );
  const list: (OnlineUserRow & { loginIPAddressName: string | null })[] = page.list.map((r) => {
    const client = clientInfo({ headers: { 'user-agent': r.userAgent ?? '' }, ip: r.ip } as unknown as FastifyRequest);
    return {
      id: r.sid,
      userId: r.userId,
      userAccount: r.account,
      userName: `${r.realName}/${r.account}`,
      organize: names.get(r.organizeId) ?? '',
      loginTime: r.createdAt,
      lastSeenTime: r.lastSeenAt,
      loginIPAddress: r.ip,
      loginIPAddressName: ipAddressName(r.ip),
      loginPlatForm: r.userAgent ? `${client.platform} / ${client.browser}` : null,
      loginType: r.loginType,
      current: r.sid === session.sid,
    };
  });
  return { list, pagination: page.pagination };
}

/**
 * Forces sessions offline by their public ids: the owner's next call answers
 * 601 ('an administrator signed you out'). Your own current session is refused.
 */
export async function forceOffline(ctx: AppContext, session: SessionInfo, sids: string[]): Promise<number> {
  if (sids.includes(session.sid)) throw badRequest('online.self');
  // Their open sockets get `logout` at once (sessions.service announces it to the socket hub).
  return revokeSessionsBySid(ctx, sids, 'offline');
}
