import type { FastifyRequest } from 'fastify';

/** Sign-in metadata recorded in the login log and the session. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  platform: string;
  browser: string;
}

export function clientInfo(req: FastifyRequest): ClientInfo {
  const ua = String(req.headers['user-agent'] ?? '').slice(0, 500);
  const platform = /Android/i.test(ua)
    ? 'Android'
    : /iPhone|iPad/i.test(ua)
      ? 'iOS'
      : /Windows/i.test(ua)
        ? 'Windows'
        : /Mac OS X/i.test(ua)
          ? 'macOS'
          : /Linux/i.test(ua)
            ? 'Linux'
            : 'Unknown';
  const browser =
    ua
      .match(/(Edg|Chrome|Firefox|Safari|HeadlessChrome)\/([\d.]+)/)
      ?.slice(1, 3)
      .join(' ') ?? (ua ? 'Other' : 'Unknown');
  return { ip: req.ip ?? null, userAgent: ua || null, platform, browser };
}

/** A place name for an address. We keep no geo database: private and loopback ranges are the LAN. */
export function ipAddressName(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = ip.replace(/^::ffff:/, '');
  if (v4 === '::1' || /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4)) return 'LAN';
  return null;
}
