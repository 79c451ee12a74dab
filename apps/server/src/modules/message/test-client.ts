import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Test side of the socket: a real `ws` client against a listening app. */
export async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

export type Frame = Record<string, any> & { method: string };

export class SocketClient {
  readonly frames: Frame[] = [];
  private waiters: { method: string | undefined; resolve: (f: Frame) => void }[] = [];
  /** Resolves with the close code and reason once the socket closed. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      const i = this.waiters.findIndex((w) => !w.method || w.method === frame.method);
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(frame);
      else this.frames.push(frame);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static open(url: string, opts: { autoPong?: boolean; headers?: Record<string, string> } = {}): Promise<SocketClient> {
    const ws = new WebSocket(url, opts);
    const client = new SocketClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame (of that method), waiting up to `ms`. */
  next(method?: string, ms = 5000): Promise<Frame> {
    const i = this.frames.findIndex((f) => !method || f.method === method);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter = {
        method,
        resolve: (f: Frame) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no ${method ?? 'frame'} within ${ms} ms (got ${JSON.stringify(this.frames)})`));
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** Sends OnConnection and answers the initMessage. */
  async connect(token?: string): Promise<Frame> {
    this.send({ method: 'OnConnection', mobileDevice: false, ...(token ? { token } : {}) });
    return this.next('initMessage');
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.ws.close();
  }
}

/** Resolves with `what` after `ms`, to race against something that must not happen. */
export const after = <T>(ms: number, what: T) => new Promise<T>((r) => setTimeout(() => r(what), ms));
