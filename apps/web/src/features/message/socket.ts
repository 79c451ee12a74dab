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
}

export interface SocketOptions {
  token: string;
  language: Language;
  location: { protocol: string; host: string };
  /** The browser's WebSocket (tests pass a fake). */
  WebSocketImpl: new (url: string) => WebSocketLike;
  /** Delays before reconnect attempts (ms); the last repeats. */
  backoff?: readonly number[];
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
    ws.onopen = () => ws.send(JSON.stringify({ method: 'OnConnection', token: this.opts.token, mobileDevice: false }));
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onerror = () => {
      /* a close follows */
    };
    ws.onclose = () => {
      if (this.ws === ws) this.ws = null;
      this.scheduleReconnect();
    };
  }

  /** Closes for good (sign-out, session reset, shell unmounted). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState < 2) ws.close(1000, 'bye');
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.timer) return;
    const steps = this.opts.backoff ?? DEFAULT_BACKOFF;
    const delay = steps[Math.min(this.attempt, steps.length - 1)] ?? 30_000;
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
      case 'initMessage':
        this.attempt = 0;
        this.handlers.onInit?.(frame as unknown as InitMessageFrame);
        break;
      case 'online':
        if (typeof frame.userId === 'string') this.handlers.onOnline?.(frame.userId);
        break;
      case 'logout':
        this.stop();
        this.handlers.onLogout(typeof frame.msg === 'string' && frame.msg ? frame.msg : undefined);
        break;
      case 'closeSocket':
        // Spec §4: close the connection without signing out.
        this.stop();
        break;
      case 'error':
        console.warn('[socket]', frame.msg);
        break;
      default:
        this.handlers.onFrame?.(frame);
    }
  }
}
