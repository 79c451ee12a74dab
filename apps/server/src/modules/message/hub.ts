import type { WebSocket } from 'ws';
import type {
  ChatInitMessageFrame,
  ChatServerFrame,
  Language,
  MessagePushFrame,
  MessageType,
  ReceiveMessageFrame,
  SendMessageEchoFrame,
  SocketServerFrame,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { translate } from '../../http/i18n.ts';
import { now } from '../../lib/clock.ts';
import { endedSessions, onSessionsEnded, type RevokeReason, type SessionInfo } from '../oauth/sessions.service.ts';
import { unreadCounts } from './inbox.service.ts';
import { chatUnreadNums } from './chat.service.ts';
import type { HubBus } from './redis-bus.ts';
import './messages.ts';

/** One open socket. `session` is set once its token checked out; `registered` after OnConnection. */
export interface Conn {
  id: string;
  ws: WebSocket;
  lang: Language;
  session: SessionInfo | null;
  registered: boolean;
  mobileDevice: boolean;
  /** Answered the last ping. */
  alive: boolean;
}

export type AuthedConn = Conn & { session: SessionInfo };

/**
 * What the hub tells every server process (through Redis when configured, else between the workers of one server):
 * - ended: these sessions (public ids) ended; their sockets get `logout` (or `closeSocket` for a plain sign-out);
 * - online: users registered a socket; every other socket hears `{method:"online", userId}` (with `userIds`
 *   when several came online within one batch: a connect storm costs one frame per socket per batch, not per user).
 * - messagePush: a message was stored for these users; their sockets hear `messagePush`.
 */
export type HubEvent =
  | { kind: 'ended'; sids: string[]; reason: EndReason }
  | { kind: 'online'; userIds: string[] }
  | { kind: 'messagePush'; push: MessagePushEvent }
  | { kind: 'chat'; chat: ChatDeliveryEvent };

/**
 * A stored chat message (chat.socket.ts): `receiveMessage` to every socket of
 * the receiver, and the `sendMessage` echo to the sender's other sockets (the
 * sending socket got it already), on every process.
 */
export interface ChatDeliveryEvent {
  receive: ReceiveMessageFrame;
  echo: SendMessageEchoFrame;
  /** The socket that sent it: it heard its echo directly. */
  exceptConn: string;
}

/** A stored message to announce to its receivers' sockets (system-messages.ts pushStoredMessages). */
export interface MessagePushEvent {
  id: string;
  title: string;
  messageType: MessageType;
  /** The sender's user id, '' for the system. */
  userId: string;
  toUserId: string[];
}

export type EndReason = RevokeReason | 'expired' | 'unknown';

/** A client→server method's handler; the messaging module registers SendMessage, MessageList, UpdateReadMessage. */
export type FrameHandler = (conn: AuthedConn, frame: Record<string, unknown>, hub: SocketHub) => Promise<void> | void;

/** The `logout` text for each way a session ends (the 600/601 texts where one fits). */
export const endedMessageKey: Record<Exclude<EndReason, 'logout'>, string> = {
  offline: 'session.forced',
  elsewhere: 'session.offline',
  disabled: 'socket.disabled',
  password: 'socket.passwordChanged',
  expired: 'session.expired',
  unknown: 'session.expired',
};

/** Close codes: 4001 after `logout`, 4003 for a refused token. */
export const CLOSE_LOGOUT = 4001;

/**
 * Presence is batched: the users who came online within this window are told
 * to every socket in one frame, and the process's presence list is written at
 * most once per window. Without it, n sockets connecting at once cost n² frames
 * and n presence writes of n users each.
 */
const PRESENCE_BATCH_MS = 50;

/** A socket whose unsent output exceeds this is too slow to keep. */
const MAX_BUFFERED = 4 * 1024 * 1024;

export interface HubOptions {
  /** How often sessions are re-checked against the database (a revocation by another process that no bus carried). */
  recheckMs: number;
  /** How often sockets are pinged; a socket that missed the previous ping is terminated. */
  pingMs: number;
}

/**
 * The real-time socket hub of one server process: the open sockets, the
 * method handlers, delivery of hub events (local, and over Redis or the cluster relay to the other
 * processes), keep-alive pings and the periodic session
 * re-check.
 */
export class SocketHub {
  private readonly conns = new Map<string, Conn>();
  /** The registered sockets of each user on this process: pushes to a user cost one lookup, not a scan. */
  private readonly byUser = new Map<string, Set<Conn>>();
  private readonly handlers = new Map<string, FrameHandler>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: () => void;
  private closed = false;
  /** Sockets registered here in this batch, in order: each hears only about those after it (it got the rest in initMessage). */
  private readonly newcomers: AuthedConn[] = [];
  /** Users who came online on other processes, to tell this process's sockets at the end of the batch. */
  private readonly remoteOnline = new Set<string>();
  private batchTimer: NodeJS.Timeout | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  private presenceWrittenAt = 0;

  constructor(
    readonly ctx: AppContext,
    private readonly bus: HubBus | null,
    opts: HubOptions,
  ) {
    this.unsubscribe = onSessionsEnded(ctx, ({ sids, reason }) => this.emit({ kind: 'ended', sids, reason }));
    bus?.onEvent((event) => this.deliver(event));
    const recheck = setInterval(
      () => void this.recheck().catch((err) => ctx.log.warn({ err }, 'socket session re-check failed')),
      opts.recheckMs,
    );
    const ping = setInterval(() => this.heartbeat(), opts.pingMs);
    recheck.unref();
    ping.unref();
    this.timers.push(recheck, ping);
  }

  /** Resolves once the bus is live (at once without one, or over the cluster relay). */
  ready(): Promise<void> {
    return this.bus?.ready ?? Promise.resolve();
  }

  handle(method: string, handler: FrameHandler): void {
    this.handlers.set(method, handler);
  }

  handlerOf(method: string): FrameHandler | undefined {
    return this.handlers.get(method);
  }

  add(conn: Conn): void {
    if (this.closed) {
      conn.ws.close(1001, 'shutting down');
      return;
    }
    this.conns.set(conn.id, conn);
  }

  remove(conn: Conn): void {
    this.unindex(conn);
    if (this.conns.delete(conn.id) && conn.registered) this.publishPresence();
  }

  private index(conn: AuthedConn): void {
    let set = this.byUser.get(conn.session.userId);
    if (!set) this.byUser.set(conn.session.userId, (set = new Set()));
    set.add(conn);
  }

  private unindex(conn: Conn): void {
    if (!conn.session) return;
    const set = this.byUser.get(conn.session.userId);
    if (set?.delete(conn) && !set.size) this.byUser.delete(conn.session.userId);
  }

  /** The registered sockets of one user on this process. */
  socketsOf(userId: string): ReadonlySet<Conn> {
    return this.byUser.get(userId) ?? new Set();
  }

  get size(): number {
    return this.conns.size;
  }

  send(conn: Conn, frame: SocketServerFrame | MessagePushFrame | ChatServerFrame | Record<string, unknown>): void {
    if (conn.ws.readyState !== 1) return;
    if (conn.ws.bufferedAmount > MAX_BUFFERED) {
      conn.ws.terminate();
      return;
    }
    conn.ws.send(JSON.stringify(frame));
  }

  /** A frame already serialised (one JSON.stringify for a frame many sockets hear). */
  sendText(conn: Conn, text: string): void {
    if (conn.ws.readyState !== 1) return;
    if (conn.ws.bufferedAmount > MAX_BUFFERED) {
      conn.ws.terminate();
      return;
    }
    conn.ws.send(text);
  }

  error(conn: Conn, key: string, params?: Record<string, string | number>): void {
    this.send(conn, { method: 'error', msg: translate(conn.lang, key, params) });
  }

  /** `logout` with the message in the socket's language, then close. */
  logout(conn: Conn, key: string): void {
    this.send(conn, { method: 'logout', msg: translate(conn.lang, key) });
    conn.ws.close(CLOSE_LOGOUT, 'logout');
  }

  /** OnConnection: counts the socket as online, answers initMessage and tells the others. */
  async register(conn: AuthedConn, mobileDevice: boolean): Promise<void> {
    const first = !conn.registered;
    conn.registered = true;
    conn.mobileDevice = mobileDevice;
    if (first) {
      this.index(conn);
      this.publishPresence();
    }
    const [onlineUsers, counts, unreadNums] = await Promise.all([
      this.onlineUserIds(),
      unreadCounts(this.ctx.db, conn.session.userId),
      chatUnreadNums(this.ctx.db, conn.session.userId),
    ]);
    const unreadChatCount = unreadNums.reduce((n, u) => n + u.unreadNum, 0);
    const frame: ChatInitMessageFrame = {
      method: 'initMessage',
      onlineUsers,
      onlineUserList: onlineUsers,
      // Chat: the conversations with unread messages (schedules come with that feature).
      unreadNums,
      unreadChatCount,
      chatBlink: unreadChatCount > 0,
      unreadNoticeCount: counts.unreadNoticeCount,
      noticeDefaultText: '',
      unreadMessageCount: counts.unreadMessageCount,
      messageDefaultText: '',
      unreadSystemMessageCount: counts.unreadSystemMessageCount,
      unreadScheduleCount: 0,
      unreadTotalCount: counts.unreadTotalCount,
      dateTime: now(),
    };
    this.send(conn, frame);
    if (first) {
      this.newcomers.push(conn);
      this.scheduleBatch();
    }
  }

  private scheduleBatch(): void {
    if (this.batchTimer || this.closed) return;
    this.batchTimer = setTimeout(() => this.flushBatch(), PRESENCE_BATCH_MS);
    this.batchTimer.unref();
  }

  /**
   * The end of a batch: the users who came online are told to every other
   * process in one event, and to the sockets here in one frame each; a socket
   * of the batch hears only about those who registered after it.
   */
  private flushBatch(): void {
    this.batchTimer = null;
    const newcomers = this.newcomers.splice(0);
    const remote = [...this.remoteOnline];
    this.remoteOnline.clear();
    const local = [...new Set(newcomers.map((c) => c.session.userId))];
    if (local.length) this.bus?.publish({ kind: 'online', userIds: local });
    const everyone = [...new Set([...local, ...remote])];
    if (!everyone.length) return;
    const frame = (ids: string[]) =>
      JSON.stringify(ids.length === 1 ? { method: 'online', userId: ids[0] } : { method: 'online', userId: ids[0], userIds: ids });
    const order = new Map(newcomers.map((c, i) => [c, i]));
    let shared: string | null = null;
    for (const conns of this.byUser.values()) {
      for (const conn of conns) {
        const at = order.get(conn as AuthedConn);
        if (at === undefined) {
          this.sendText(conn, (shared ??= frame(everyone)));
          continue;
        }
        const mine = conn.session!.userId;
        const later = new Set(newcomers.slice(at + 1).map((c) => c.session.userId));
        later.delete(mine);
        const ids = [...later, ...remote.filter((id) => id !== mine && !later.has(id))];
        if (ids.length) this.sendText(conn, frame(ids));
      }
    }
  }

  /** User ids with a registered socket here or, through the bus (Redis or the cluster relay), on any live process. */
  async onlineUserIds(): Promise<string[]> {
    const ids = new Set(this.localUserIds());
    if (this.bus) {
      try {
        for (const id of await this.bus.remotePresence()) ids.add(id);
      } catch (err) {
        this.ctx.log.warn({ err }, 'socket presence read failed');
      }
    }
    return [...ids];
  }

  /** The users with a registered socket here (byUser holds registered sockets only). */
  private localUserIds(): string[] {
    return [...this.byUser.keys()];
  }

  /** Writes this process's presence list now, or at the end of the batch if it was written within it. */
  private publishPresence(): void {
    if (!this.bus || this.presenceTimer || this.closed) return;
    const wait = this.presenceWrittenAt + PRESENCE_BATCH_MS - Date.now();
    const write = () => {
      this.presenceTimer = null;
      this.presenceWrittenAt = Date.now();
      this.bus?.setPresence(this.localUserIds());
    };
    if (wait <= 0) return write();
    this.presenceTimer = setTimeout(write, wait);
    this.presenceTimer.unref();
  }

  /** Delivers here and publishes to the other processes. */
  emit(event: HubEvent): void {
    this.deliver(event);
    this.bus?.publish(event);
  }

  /** Applies an event to this process's sockets. */
  deliver(event: HubEvent): void {
    if (event.kind === 'ended') {
      const sids = new Set(event.sids);
      for (const conn of this.conns.values()) {
        if (conn.session && sids.has(conn.session.sid)) this.endConn(conn, event.reason);
      }
    } else if (event.kind === 'online') {
      // Another process's batch: told with ours at the end of this batch, or at once.
      for (const id of event.userIds ?? []) this.remoteOnline.add(id);
      if (this.batchTimer === null) this.flushBatch();
    } else if (event.kind === 'messagePush') {
      this.deliverPush(event.push);
    } else if (event.kind === 'chat') {
      this.deliverChat(event.chat);
    }
  }

  /** `receiveMessage` to the receiver's sockets here, the echo to the sender's other sockets here. */
  private deliverChat(chat: ChatDeliveryEvent): void {
    const receivers = this.socketsOf(chat.receive.toUserId);
    if (receivers.size) {
      const text = JSON.stringify(chat.receive);
      for (const conn of receivers) this.sendText(conn, text);
    }
    let echo: string | null = null;
    for (const conn of this.socketsOf(chat.echo.UserId)) {
      if (conn.id !== chat.exceptConn) this.sendText(conn, (echo ??= JSON.stringify(chat.echo)));
    }
  }

  /**
   * `messagePush` to the registered sockets of the receivers on this process.
   * Each receiver hears only its own id in toUserId: the other receivers are
   * none of its business (a notice to every user would repeat the whole list).
   */
  private deliverPush(push: MessagePushEvent): void {
    for (const conn of this.receivers(push.toUserId)) {
      const frame: MessagePushFrame = {
        method: 'messagePush',
        userId: push.userId,
        toUserId: [conn.session.userId],
        title: push.title,
        unreadNoticeCount: 1,
        messageType: push.messageType,
        id: push.id,
      };
      this.send(conn, frame);
    }
  }

  /** The registered sockets of these users here: by the index when they are few, one scan when they are many. */
  private *receivers(userIds: readonly string[]): Iterable<AuthedConn> {
    if (userIds.length < this.byUser.size) {
      for (const id of new Set(userIds)) yield* this.socketsOf(id) as ReadonlySet<AuthedConn>;
      return;
    }
    const to = new Set(userIds);
    for (const conn of this.conns.values()) {
      if (conn.registered && conn.session && to.has(conn.session.userId)) yield conn as AuthedConn;
    }
  }

  /** Ends one socket because its session ended: `logout` (or `closeSocket` for a plain sign-out) and close. */
  endConn(conn: Conn, reason: EndReason): void {
    this.unindex(conn);
    this.conns.delete(conn.id);
    if (reason === 'logout') {
      // A plain sign-out: the client closes without showing anything (spec §4 closeSocket).
      this.send(conn, { method: 'closeSocket' });
      conn.ws.close(1000, 'closeSocket');
    } else {
      this.logout(conn, endedMessageKey[reason]);
    }
    if (conn.registered) this.publishPresence();
  }

  /**
   * Re-reads the sessions of every open socket: catches revocations made by
   * another process when no Redis carried them, and sessions that expired.
   * Answers how many sockets it ended.
   */
  async recheck(): Promise<number> {
    const bySession = new Map<string, Conn[]>();
    for (const c of this.conns.values()) {
      if (!c.session) continue;
      const list = bySession.get(c.session.id) ?? [];
      list.push(c);
      bySession.set(c.session.id, list);
    }
    if (!bySession.size) return 0;
    const ended = await endedSessions(this.ctx, [...bySession.keys()]);
    let n = 0;
    for (const [id, reason] of ended) {
      for (const conn of bySession.get(id) ?? []) {
        if (!this.conns.has(conn.id)) continue;
        this.endConn(conn, reason);
        n++;
      }
    }
    if (this.bus) this.publishPresence();
    return n;
  }

  /** Pings every socket; one that did not answer the previous ping is dead and terminated. */
  heartbeat(): void {
    for (const conn of this.conns.values()) {
      if (!conn.alive) {
        this.unindex(conn);
        this.conns.delete(conn.id);
        conn.ws.terminate();
        if (conn.registered) this.publishPresence();
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        conn.ws.terminate();
      }
    }
  }

  /** App close: stop the timers, close every socket (terminated if it does not close within 1 s), leave Redis. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    for (const t of this.timers) clearInterval(t);
    for (const t of [this.batchTimer, this.presenceTimer]) if (t) clearTimeout(t);
    const open = [...this.conns.values()];
    this.conns.clear();
    this.byUser.clear();
    await Promise.all(
      open.map(
        (conn) =>
          new Promise<void>((resolve) => {
            if (conn.ws.readyState === 3) return resolve();
            const timer = setTimeout(() => {
              conn.ws.terminate();
              resolve();
            }, 1000);
            conn.ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            conn.ws.close(1001, 'shutting down');
          }),
      ),
    );
    await this.bus?.close();
  }
}

const hubs = new WeakMap<AppContext, SocketHub>();

export function setHub(ctx: AppContext, hub: SocketHub): void {
  hubs.set(ctx, hub);
}

/**
 * This app's hub, or null when no server runs one (the seed, scripts and
 * benches work on a bare context: what they store waits in the inbox).
 */
export function maybeHubOf(ctx: AppContext): SocketHub | null {
  return hubs.get(ctx) ?? null;
}

/** This app's hub (the messaging module pushes through it). */
export function hubOf(ctx: AppContext): SocketHub {
  const hub = hubs.get(ctx);
  if (!hub) throw new Error('the message module is not registered');
  return hub;
}
