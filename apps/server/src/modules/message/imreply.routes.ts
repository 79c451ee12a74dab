import type { FastifyInstance } from 'fastify';
import { CHAT_CONTACTS_PAGE_SIZE, CHAT_CONVERSATIONS_PAGE_SIZE, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { params, withAccess } from '../system/route-helpers.ts';
import { parse } from '../../http/validate.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { deleteChatRecords, listContacts, listConversations, removeConversation } from './chat.service.ts';

/**
 * Chat over HTTP (spec §7.2, server-contract §5 ImReply): my conversation
 * list, deleting my records of one conversation, removing it from my list,
 * and the contacts I may start one with (the spec names no path for that list:
 * `imreply/contacts`). Every signed-in user reaches only their own rows.
 */
export async function imreplyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const me = withAccess(userAccess);
  /** Paging 20 unless asked otherwise. */
  const page = (req: Parameters<typeof requestLanguage>[0] & { query: unknown }, size: number) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    return parse(pageQuery, { pageSize: size, ...q }, requestLanguage(req));
  };

  app.get('/message/imreply', me, async (req) =>
    ok(await listConversations(ctx, req.session.userId, page(req, CHAT_CONVERSATIONS_PAGE_SIZE))),
  );

  app.get('/message/imreply/contacts', me, async (req) =>
    ok(await listContacts(ctx, req.session.userId, page(req, CHAT_CONTACTS_PAGE_SIZE))),
  );

  app.delete('/message/imreply/deleteChatRecord/:id', me, async (req) => {
    await deleteChatRecords(ctx, req.session.userId, params(req).id);
    return ok(null);
  });

  app.delete('/message/imreply/relocation/:id', me, async (req) => {
    await removeConversation(ctx, req.session.userId, params(req).id);
    return ok(null);
  });
}
