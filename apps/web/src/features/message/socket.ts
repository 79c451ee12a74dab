import type { InitMessageFrame, Language, SocketServerFrame } from '@medalliance/contract';

/**
 * The real-time socket client (spec §4, §7.2; server-contract §5): connects to
 * `ws(s)://<host>/api/message/websocket/<urlencoded token>`, sends
 * OnConnection, and hands the server's frames to its owner. It reconnects with
 * a growing delay while signed in, and never after `logout`, `closeSocket` or
 * stop(). Framework-free: the shell's hook wires it to the session and toasts.
 */
export interface SocketHandlers {
  /** The session ended on the server; `msg` is its text in our language, when it sent one. */
  onLogout(msg: string | undefined): void;
  onInit?(frame: InitMessageFrame): void;
  onOnline?(userId: string): void;
  /** Any other frame (the messaging screens will listen here). */
  onFrame?(frame: SocketServerFrame | Record<string, unknown>): void;
  /** initMessage arrived on a connection after the first one: counts and open views should be fetched again. */
  onReconnected?(frame: InitMessageFrame): void;
  /** The server refused one of our frames (its text, in our language). */
  onError?(msg: string): void;
  /** The connection came up (after its initMessage) or went down. */
  onStatus?(connected: boolean): void;
}

export interface SocketOptions {
  token: string;
  language: Language;
  location: { protocol: string; host: string };
  /** The browser's WebSocket (tests pass a fake). */
  WebSocketImpl: new (url: string) => WebSocketLike;
  /** Delays before reconnect attempts (ms); the last repeats. */
  backoff?: readonly number[];
  /** Share of each delay taken off at random (0 – 1), so many clients do not come back at the same instant; default 0.3. */
  jitter?: number;
  /** Random source in [0, 1) (tests pass a fixed one). */
  random?: () => number;
  /** A connection that opened but sent no initMessage within this long is closed and tried again (ms); default 15 s. */
  initTimeoutMs?: number;
}

export interface WebSocketLike {
  readyState: number;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export const DEFAULT_BACKOFF = [1000, 2000, 5000, 10_000, 30_000] as const;
/** No reconnect waits longer than this, whatever the steps say. */
export const MAX_RECONNECT_MS = 30_000;
export const DEFAULT_JITTER = 0.3;
export const DEFAULT_INIT_TIMEOUT_MS = 15_000;

/**
 * The wait before reconnect attempt `attempt` (0-based): the step for that
 * attempt (the last step repeats), capped at MAX_RECONNECT_MS, minus a random
 * share of up to `jitter` of it. Never below 0, never above the cap.
 */
export function reconnectDelay(
  attempt: number,
  steps: readonly number[] = DEFAULT_BACKOFF,
  jitter = DEFAULT_JITTER,
  random: () => number = Math.random,
): number {
  const step = steps.length ? steps[Math.min(Math.max(0, attempt), steps.length - 1)]! : MAX_RECONNECT_MS;
  const base = Math.min(MAX_RECONNECT_MS, Math.max(0, step));
  const share = Math.min(1, Math.max(0, jitter)) * Math.min(1, Math.max(0, random()));
  return Math.round(base * (1 - share));
}

/** The socket address for this page and token (spec §7.2: the URL ends with the token). */
export function socketUrl(location: { protocol: string; host: string }, token: string, language: Language): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/message/websocket/${encodeURIComponent(token)}?lang=${language}`;
}

export class RealtimeSocket {
  private ws: WebSocketLike | null = null;
  private stopped = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** An initMessage was seen on some connection: the next one is a reconnection. */
  private initialised = false;
  private up = false;
  private initTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly opts: SocketOptions,
    private readonly handlers: SocketHandlers,
  ) {}

  get connected(): boolean {
    return this.ws?.readyState === 1;
  }

  start(): void {
    if (this.stopped || this.ws) return;
    const ws = new this.opts.WebSocketImpl(socketUrl(this.opts.location, this.opts.token, this.opts.language));
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ method: 'OnConnection', token: this.opts.token, mobileDevice: false }));
      // A server (or a proxy) that accepts the socket but never answers: give up on it and try again.
      this.clearInitTimer();
      this.initTimer = setTimeout(() => {
        this.initTimer = null;
        if (this.ws !== ws || this.up) return;
        // Let go of it at once (a dead link may take long to finish closing) and try again.
        this.ws = null;
        ws.close(4000, 'no initMessage');
        this.scheduleReconnect();
      }, this.opts.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS);
    };
    ws.onmessage = (ev) => {
      // A connection we already let go of (init timeout) says nothing any more.
      if (this.ws === ws) this.receive(ev.data);
    };
    ws.onerror = () => {
      /* a close follows */
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.clearInitTimer();
      this.setUp(false);
      this.scheduleReconnect();
    };
  }

  /**
   * Sends a client frame (the session token is added) when the connection is
   * up; false when it is not (the caller tells the user, nothing is queued).
   */
  send(frame: { method: string } & Record<string, unknown>): boolean {
    const ws = this.ws;
    if (!ws || ws.readyState !== 1 || !this.up) return false;
    ws.send(JSON.stringify({ ...frame, token: this.opts.token }));
    return true;
  }

  private clearInitTimer(): void {
    if (this.initTimer) clearTimeout(this.initTimer);
    this.initTimer = null;
  }

  private setUp(up: boolean): void {
    if (this.up === up) return;
    this.up = up;
    this.handlers.onStatus?.(up);
  }

  /** Closes for good (sign-out, session reset, shell unmounted). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.clearInitTimer();
    const ws = this.ws;
    this.ws = null;
    this.setUp(false);
    if (ws && ws.readyState < 2) ws.close(1000, 'bye');
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.timer) return;
    const delay = reconnectDelay(this.attempt, this.opts.backoff, this.opts.jitter, this.opts.random);
    this.attempt++;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, delay);
  }

  private receive(data: unknown): void {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(String(data)) as Record<string, unknown>;
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object' || typeof frame.method !== 'string') return;
    switch (frame.method) {
      case 'initMessage': {
        this.attempt = 0;
        const init = frame as unknown as InitMessageFrame;
        const again = this.initialised;
        this.initialised = true;
        this.clearInitTimer();
        this.setUp(true);
        this.handlers.onInit?.(init);
        if (again) this.handlers.onReconnected?.(init);
        break;
      }
      case 'online': {
        const ids = Array.isArray(frame.userIds) ? frame.userIds : [frame.userId];
        for (const id of ids) if (typeof id === 'string') this.handlers.onOnline?.(id);
        break;
      }
      case 'logout':
        this.stop();
        this.handlers.onLogout(typeof frame.msg === 'string' && frame.msg ? frame.msg : undefined);
        break;
      case 'closeSocket':
        // Spec §4: close the connection without signing out.
        this.stop();
        break;
      case 'error':
        if (this.handlers.onError && typeof frame.msg === 'string' && frame.msg) this.handlers.onError(frame.msg);
        else console.warn('[socket]', frame.msg);
        break;
      default:
        this.handlers.onFrame?.(frame);
    }
  }
}
