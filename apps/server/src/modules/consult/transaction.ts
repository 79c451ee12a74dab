import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { now } from '../../lib/clock.ts';
import { pushStoredMessages, storeSystemMessages, type StoredMessages } from '../message/system-messages.ts';
import { translate } from '../../http/i18n.ts';

/** A message to the next party of a consultation or conference, opened on the screen named by `kind`. */
export interface Notice {
  toUserIds: string[];
  titleKey: string;
  params?: Record<string, string | number>;
  body: Record<string, unknown>;
  /** null: the system (a scheduled reminder). */
  senderId: string | null;
}

export interface Tx {
  /** snake_case tables of this module, health tables, users (no plugins). */
  db: Kysely<any>;
  notify(n: Notice): Promise<void>;
}

/**
 * One write of the module: everything in one transaction, the messages stored
 * in it (storeSystemMessages) and pushed to sockets only after the commit, so a
 * failed write neither leaves rows nor announces anything.
 */
export async function write<T>(ctx: AppContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const stored: StoredMessages[] = [];
  const result = await ctx.db.transaction().execute(async (trx) => {
    const tx: Tx = {
      db: trx.withoutPlugins() as unknown as Kysely<any>,
      notify: async (n) => {
        const to = n.toUserIds.filter((u) => u && u !== n.senderId);
        if (!to.length) return;
        // Stored titles are read by everyone in the message centre: the alliance's working language.
        const title = translate('zh', n.titleKey, n.params ?? {});
        stored.push(
          await storeSystemMessages(trx, { toUserIds: to, title, kind: 'consult', body: n.body, senderId: n.senderId ?? undefined }, now()),
        );
      },
    };
    return fn(tx);
  });
  for (const s of stored) pushStoredMessages(ctx, s);
  return result;
}
