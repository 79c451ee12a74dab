import type { z } from 'zod';
import {
  messageListFrame,
  sendMessageFrame,
  updateReadMessageFrame,
  type MessageListFrame,
  type ReceiveMessageFrame,
  type SendMessageEchoFrame,
} from '@medalliance/contract';
import { AppError } from '../../http/errors.ts';
import type { AuthedConn, SocketHub } from './hub.ts';
import { chatHistory, markChatRead, storeChatMessage } from './chat.service.ts';

/**
 * The chat's socket methods (server-contract §5): SendMessage stores the
 * message first, then answers `sendMessage` to the sender and pushes
 * `receiveMessage` to every socket of the receiver on any process;
 * MessageList answers `messageList`; UpdateReadMessage marks a peer's
 * messages read. A refused frame gets `{method:"error", msg}` and changes nothing.
 */
export function registerChatMethods(hub: SocketHub): void {
  const ctx = hub.ctx;

  /** Parses a frame; a bad one gets an error frame naming the first bad field. */
  const parse = <S extends z.ZodType>(conn: AuthedConn, schema: S, frame: Record<string, unknown>): z.output<S> | null => {
    const r = schema.safeParse(frame);
    if (r.success) return r.data;
    const field = r.error.issues[0]?.path.join('.') || 'method';
    hub.error(conn, 'socket.badField', { field });
    return null;
  };

  /** Runs a step; an expected failure (AppError) becomes an error frame. */
  const attempt = async <T>(conn: AuthedConn, step: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await step();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      hub.error(conn, err.key, err.params);
      return undefined;
    }
  };

  hub.handle('SendMessage', async (conn, raw) => {
    const f = parse(conn, sendMessageFrame, raw);
    if (!f) return;
    const stored = await attempt(conn, () => storeChatMessage(ctx, conn.session.userId, f));
    if (!stored) return;
    const { message: m, from, to } = stored;
    const echo: SendMessageEchoFrame = {
      method: 'sendMessage',
      id: m.id,
      UserId: from.id,
      account: from.account,
      headIcon: from.headIcon,
      realName: from.realName,
      toUserId: to.id,
      toAccount: to.account,
      toHeadIcon: to.headIcon,
      toRealName: to.realName,
      messageType: m.contentType,
      toMessage: m.content,
      dateTime: m.sendTime,
      latestDate: m.sendTime,
    };
    const receive: ReceiveMessageFrame = {
      method: 'receiveMessage',
      id: m.id,
      messageType: m.contentType,
      formUserId: from.id,
      toUserId: to.id,
      formMessage: m.content,
      account: from.account,
      headIcon: from.headIcon,
      realName: from.realName,
      dateTime: m.sendTime,
      latestDate: m.sendTime,
    };
    // Stored and committed: now the sender hears its echo, and the receiver's sockets on every process the message.
    hub.send(conn, echo);
    hub.emit({ kind: 'chat', chat: { receive, echo, exceptConn: conn.id } });
  });

  hub.handle('MessageList', async (conn, raw) => {
    const f = parse(conn, messageListFrame, raw);
    if (!f) return;
    // formUserId is "me" (JNPF clients send it): another user's history is not readable.
    if (f.formUserId && f.formUserId !== conn.session.userId) return hub.error(conn, 'chat.notYours');
    const page = await chatHistory(ctx, conn.session.userId, f.toUserId, f);
    const frame: MessageListFrame = { method: 'messageList', toUserId: f.toUserId, list: page.list, pagination: page.pagination };
    hub.send(conn, frame);
  });

  hub.handle('UpdateReadMessage', async (conn, raw) => {
    const f = parse(conn, updateReadMessageFrame, raw);
    if (!f) return;
    await markChatRead(ctx, conn.session.userId, f.formUserId);
  });
}
