import net from 'node:net';

/** The Redis the cross-process tests use: TEST_REDIS_URL, or the machine's own. */
export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether something answers PING on the address (those tests need it unless none is configured). */
async function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 6379) });
    s.setTimeout(1000);
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      s.destroy();
      resolve(d.toString().startsWith('+PONG') || d.toString().startsWith('-NOAUTH'));
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** Skip a Redis test only where no Redis runs and none was asked for (a fresh machine); CI has one. */
export const skipWithoutRedis = !(await redisReachable(testRedisUrl)) && !process.env.TEST_REDIS_URL;
