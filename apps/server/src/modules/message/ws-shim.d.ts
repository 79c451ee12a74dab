/**
 * The part of `ws` (a dependency of @fastify/websocket, which the socket hub
 * and its tests use) that we call. The repository does not install @types/ws;
 * if it ever does, delete this file.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(
      address: string,
      options?: { headers?: Record<string, string>; autoPong?: boolean; maxPayload?: number; handshakeTimeout?: number },
    );
    readonly readyState: 0 | 1 | 2 | 3;
    readonly bufferedAmount: number;
    send(data: string | Buffer, cb?: (err?: Error) => void): void;
    send(data: string | Buffer, options: { binary?: boolean }, cb?: (err?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    ping(data?: unknown, mask?: boolean, cb?: (err: Error) => void): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: 'open' | 'pong' | 'ping', listener: () => void): this;
    on(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this;
    once(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'error', listener: (err: Error) => void): this;
    once(event: 'open' | 'pong' | 'ping', listener: () => void): this;
  }

  export { WebSocket, type RawData };
  export default WebSocket;
}
