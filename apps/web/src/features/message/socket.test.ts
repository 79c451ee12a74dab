import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RECONNECT_MS, RealtimeSocket, reconnectDelay, socketUrl, type WebSocketLike } from './socket.ts';

/** A stand-in for the browser's WebSocket: records what was sent, lets the test play the server. */
class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) } as MessageEvent);
  }
  serverCloses(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function make(handlers: Partial<ConstructorParameters<typeof RealtimeSocket>[1]> = {}) {
  const onLogout = vi.fn();
  const s = new RealtimeSocket(
    {
      token: 'Bearer abc/def+1',
      language: 'en',
      location: { protocol: 'https:', host: 'example.org:8443' },
      WebSocketImpl: FakeSocket,
      backoff: [100, 200, 400],
      jitter: 0,
      initTimeoutMs: 1000,
    },
    { onLogout, ...handlers },
  );
  return { s, onLogout };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('socket client', () => {
  it('builds the address from the page: wss on https, the token URL-encoded at the end', () => {
    expect(socketUrl({ protocol: 'https:', host: 'h:1' }, 'Bearer a b', 'zh')).toBe(
      'wss://h:1/api/message/websocket/Bearer%20a%20b?lang=zh',
    );
    expect(socketUrl({ protocol: 'http:', host: 'h' }, 't', 'en')).toBe('ws://h/api/message/websocket/t?lang=en');
  });

  it('sends OnConnection on open and hands initMessage and online to its owner', () => {
    const onInit = vi.fn();
    const onOnline = vi.fn();
    const { s } = make({ onInit, onOnline });
    s.start();
    expect(latest().url).toBe('wss://example.org:8443/api/message/websocket/Bearer%20abc%2Fdef%2B1?lang=en');
    latest().serverOpens();
    expect(latest().sent).toEqual([{ method: 'OnConnection', token: 'Bearer abc/def+1', mobileDevice: false }]);
    latest().serverSends({ method: 'initMessage', onlineUsers: ['1'], unreadTotalCount: 0 });
    latest().serverSends({ method: 'online', userId: '2' });
    latest().serverSends('garbage');
    latest().serverSends({ method: 'error', msg: 'x' });
    expect(onInit).toHaveBeenCalledWith(expect.objectContaining({ onlineUsers: ['1'] }));
    expect(onOnline).toHaveBeenCalledWith('2');
    // A batch of users who came online together: each is handed over once.
    latest().serverSends({ method: 'online', userId: '3', userIds: ['3', '4'] });
    expect(onOnline.mock.calls.map((c) => c[0])).toEqual(['2', '3', '4']);
  });

  it('reconnects with growing delays until stopped', () => {
    const { s } = make();
    s.start();
    latest().serverCloses();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    latest().serverCloses();
    vi.advanceTimersByTime(199);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    // A successful initMessage resets the delay.
    latest().serverOpens();
    latest().serverSends({ method: 'initMessage', onlineUsers: [] });
    latest().serverCloses();
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(4);
    s.stop();
    expect(latest().closedWith).toBe(1000);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('logout: tells the owner with the server text (or none), closes and never reconnects', () => {
    const { s, onLogout } = make();
    s.start();
    latest().serverOpens();
    latest().serverSends({ method: 'logout', msg: 'An administrator signed you out' });
    expect(onLogout).toHaveBeenCalledWith('An administrator signed you out');
    latest().serverCloses(4001);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const other = make();
    other.s.start();
    latest().serverOpens();
    latest().serverSends({ method: 'logout' });
    expect(other.onLogout).toHaveBeenCalledWith(undefined);
  });

  it('closeSocket: closes without signing out and without reconnecting', () => {
    const { s, onLogout } = make();
    s.start();
    latest().serverOpens();
    latest().serverSends({ method: 'closeSocket' });
    expect(latest().closedWith).toBe(1000);
    latest().serverCloses(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(onLogout).not.toHaveBeenCalled();
    expect(s.connected).toBe(false);
  });

  it('sends client frames with the token only once the server answered OnConnection', () => {
    const { s } = make();
    expect(s.send({ method: 'MessageList', toUserId: '2' })).toBe(false);
    s.start();
    latest().serverOpens();
    expect(s.send({ method: 'MessageList', toUserId: '2' })).toBe(false);
    latest().serverSends({ method: 'initMessage', onlineUsers: [] });
    expect(s.send({ method: 'MessageList', toUserId: '2', token: 'forged' })).toBe(true);
    expect(latest().sent[1]).toEqual({ method: 'MessageList', toUserId: '2', token: 'Bearer abc/def+1' });
    latest().serverCloses();
    expect(s.send({ method: 'MessageList', toUserId: '2' })).toBe(false);
  });

  it('reports up and down, and a reconnection (not the first connection) once its initMessage arrives', () => {
    const onStatus = vi.fn();
    const onReconnected = vi.fn();
    const onInit = vi.fn();
    const { s } = make({ onStatus, onReconnected, onInit });
    s.start();
    latest().serverOpens();
    latest().serverSends({ method: 'initMessage', onlineUsers: [], unreadTotalCount: 1 });
    expect(onStatus.mock.calls).toEqual([[true]]);
    expect(onReconnected).not.toHaveBeenCalled();
    latest().serverCloses();
    expect(onStatus.mock.calls).toEqual([[true], [false]]);
    vi.advanceTimersByTime(100);
    latest().serverOpens();
    latest().serverSends({ method: 'initMessage', onlineUsers: [], unreadTotalCount: 2 });
    expect(onInit).toHaveBeenCalledTimes(2);
    expect(onReconnected).toHaveBeenCalledWith(expect.objectContaining({ unreadTotalCount: 2 }));
    expect(onStatus.mock.calls).toEqual([[true], [false], [true]]);
    s.stop();
    expect(onStatus.mock.calls.at(-1)).toEqual([false]);
  });

  it('keeps reconnecting at the last step while the server stays away', () => {
    const { s } = make();
    s.start();
    for (let i = 0; i < 6; i++) {
      latest().serverCloses();
      vi.advanceTimersByTime(400);
    }
    expect(FakeSocket.all).toHaveLength(7);
    s.stop();
  });
});

describe('a socket that opens but never answers', () => {
  it('is given up after the init timeout and tried again', () => {
    const { s } = make();
    s.start();
    latest().serverOpens();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(latest().closedWith).toBe(4000);
    // its late frames and close event change nothing
    latest().serverSends({ method: 'initMessage', onlineUsers: [] });
    expect(s.connected).toBe(false);
    latest().serverCloses();
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    latest().serverOpens();
    latest().serverSends({ method: 'initMessage', onlineUsers: [] });
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(s.connected).toBe(true);
    s.stop();
  });
});

describe('reconnect delay', () => {
  it('follows the steps, repeats the last one and is capped', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 9].map((a) => reconnectDelay(a, [100, 200, 400], 0.5, none))).toEqual([100, 200, 400, 400, 400]);
    expect(reconnectDelay(0, [10 * 60_000], 0, none)).toBe(MAX_RECONNECT_MS);
    expect(reconnectDelay(-3, [100, 200], 0, none)).toBe(100);
    expect(reconnectDelay(0, [], 0, none)).toBe(MAX_RECONNECT_MS);
  });

  it('takes a random share of up to the jitter off each delay, never more, never below zero', () => {
    expect(reconnectDelay(1, [1000, 2000], 0.3, () => 0.999999)).toBe(1400);
    expect(reconnectDelay(1, [1000, 2000], 0.3, () => 0.5)).toBe(1700);
    expect(reconnectDelay(1, [1000, 2000], 5, () => 1)).toBe(0);
    expect(reconnectDelay(1, [1000, 2000], -1, () => 0.5)).toBe(2000);
    for (let i = 0; i < 200; i++) {
      const d = reconnectDelay(4);
      expect(d).toBeGreaterThanOrEqual(0.7 * MAX_RECONNECT_MS - 1);
      expect(d).toBeLessThanOrEqual(MAX_RECONNECT_MS);
    }
  });
});
