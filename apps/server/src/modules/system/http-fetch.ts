import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Outbound calls of HTTP data interfaces, guarded against server-side request
 * forgery: the host must be on the administrator's allow-list, and every
 * address it resolves to is checked before connecting. The connection then
 * goes to exactly the address that was checked (no second DNS lookup to
 * rebind), redirects are not followed, and time and size are limited.
 */

/** A refusal or failure with a message key (dataInterface.*) and its parameters. */
export class HttpCallError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    /** 400: the call was refused before leaving; 502: the remote side failed. */
    readonly status: 400 | 502 | 504 = 400,
  ) {
    super(key);
  }
}

/** Never reachable: unspecified, link-local (cloud metadata lives at 169.254.169.254), multicast, reserved. */
const forbidden = new net.BlockList();
forbidden.addSubnet('0.0.0.0', 8, 'ipv4');
forbidden.addSubnet('169.254.0.0', 16, 'ipv4');
forbidden.addSubnet('224.0.0.0', 4, 'ipv4');
forbidden.addSubnet('240.0.0.0', 4, 'ipv4');
forbidden.addAddress('::', 'ipv6');
forbidden.addSubnet('fe80::', 10, 'ipv6');
forbidden.addSubnet('ff00::', 8, 'ipv6');
forbidden.addAddress('fd00:ec2::254', 'ipv6');

/** Reachable only when an administrator lists a network covering the address. */
const restricted = new net.BlockList();
restricted.addSubnet('127.0.0.0', 8, 'ipv4');
restricted.addSubnet('10.0.0.0', 8, 'ipv4');
restricted.addSubnet('172.16.0.0', 12, 'ipv4');
restricted.addSubnet('192.168.0.0', 16, 'ipv4');
restricted.addSubnet('100.64.0.0', 10, 'ipv4');
restricted.addSubnet('198.18.0.0', 15, 'ipv4');
restricted.addSubnet('192.0.0.0', 24, 'ipv4');
restricted.addAddress('::1', 'ipv6');
restricted.addSubnet('fc00::', 7, 'ipv6');
restricted.addSubnet('64:ff9b::', 96, 'ipv6');
restricted.addSubnet('2001:db8::', 32, 'ipv6');

/** IPv4 written inside IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1, ::127.0.0.1) is checked as IPv4. */
export function normalizeAddress(address: string): { address: string; family: 4 | 6 } {
  const a = address
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (net.isIPv4(a)) return { address: a, family: 4 };
  const dotted = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(a.replace(/^::/, '0:'));
  if (dotted && net.isIPv4(dotted[1]!)) return { address: dotted[1]!, family: 4 };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(a);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 4 };
  }
  return { address: a, family: 6 };
}

function networksOf(cidrs: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const c of cidrs) {
    const [addr, bits] = c.split('/');
    const { address, family } = normalizeAddress(addr ?? '');
    if (!net.isIP(address)) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** Why an address may not be called, or null when it may. */
export function addressRefusal(address: string, allowedNetworks: string[]): string | null {
  const { address: a, family } = normalizeAddress(address);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (forbidden.check(a, type)) return 'dataInterface.addressForbidden';
  if (restricted.check(a, type) && !networksOf(allowedNetworks).check(a, type)) return 'dataInterface.addressPrivate';
  return null;
}

/** Whether a URL's host (and port) is on the allow-list: 'api.example.com', '*.example.com', 'host:8080', '10.1.2.3'. */
export function hostAllowed(url: URL, patterns: string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return patterns.some((raw) => {
    const p = raw.trim().toLowerCase();
    const m = /^(\[[^\]]+\]|[^:]+|[0-9a-f:]+)(?::(\d+))?$/.exec(p.includes('::') && !p.startsWith('[') ? `[${p}]` : p);
    if (!m) return false;
    const pHost = m[1]!.replace(/^\[|\]$/g, '');
    if (m[2] && m[2] !== port) return false;
    if (pHost.startsWith('*.')) return host.endsWith(pHost.slice(1)) && host.length > pHost.length - 1;
    return host === pHost;
  });
}

export interface GuardedRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | undefined;
  timeoutMs: number;
  maxBytes: number;
  allowedHosts: string[];
  allowedNetworks: string[];
}

export interface GuardedResponse {
  status: number;
  contentType: string;
  text: string;
}

const DROPPED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'upgrade', 'expect', 'te']);

export async function guardedRequest(req: GuardedRequest): Promise<GuardedResponse> {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    throw new HttpCallError('dataInterface.badUrl', { url: req.url.slice(0, 200) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HttpCallError('dataInterface.badUrl', { url: req.url.slice(0, 200) });
  if (url.username || url.password) throw new HttpCallError('dataInterface.badUrl', { url: `${url.protocol}//…@${url.host}` });
  if (!hostAllowed(url, req.allowedHosts)) throw new HttpCallError('dataInterface.hostNotAllowed', { host: url.host });

  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  } catch {
    throw new HttpCallError('dataInterface.dnsFailed', { host: hostname }, 502);
  }
  if (!addresses.length) throw new HttpCallError('dataInterface.dnsFailed', { host: hostname }, 502);
  // Every address must pass: the socket could otherwise be steered to the one that does not.
  for (const a of addresses) {
    const refusal = addressRefusal(a.address, req.allowedNetworks);
    if (refusal) throw new HttpCallError(refusal, { host: hostname, address: a.address });
  }
  const target = addresses[0]!;

  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'medalliance-data-interface/1' };
  for (const [k, v] of Object.entries(req.headers)) {
    const name = k.trim().toLowerCase();
    if (!name || DROPPED_HEADERS.has(name) || !/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name) || /[\r\n]/.test(v)) continue;
    headers[name] = v;
  }
  if (req.body !== undefined) {
    headers['content-type'] ??= 'application/json; charset=utf-8';
    headers['content-length'] = String(Buffer.byteLength(req.body));
  }

  const client = url.protocol === 'https:' ? https : http;
  return new Promise<GuardedResponse>((resolve, reject) => {
    let settled = false;
    const finish = (err: HttpCallError | null, res?: GuardedResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(res!);
    };
    const request = client.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        agent: false,
        // Connect to the checked address, whatever DNS would say now.
        lookup: ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
          if (options?.all) cb(null, [{ address: target.address, family: target.family }]);
          else cb(null, target.address, target.family);
        }) as unknown as net.LookupFunction,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          request.destroy();
          return finish(
            new HttpCallError('dataInterface.redirect', { status, location: String(res.headers.location ?? '').slice(0, 200) }, 502),
          );
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > req.maxBytes) {
          request.destroy();
          return finish(new HttpCallError('dataInterface.tooLarge', { max: req.maxBytes }, 502));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > req.maxBytes) {
            request.destroy();
            finish(new HttpCallError('dataInterface.tooLarge', { max: req.maxBytes }, 502));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (status < 200 || status >= 300) {
            return finish(new HttpCallError('dataInterface.remoteStatus', { status, body: text.slice(0, 200) }, 502));
          }
          finish(null, { status, contentType: String(res.headers['content-type'] ?? ''), text });
        });
        res.on('error', (err) => finish(new HttpCallError('dataInterface.remoteError', { detail: err.message }, 502)));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(new HttpCallError('dataInterface.timeout', { ms: req.timeoutMs }, 504));
    }, req.timeoutMs);
    request.on('error', (err) => finish(new HttpCallError('dataInterface.remoteError', { detail: err.message }, 502)));
    if (req.body !== undefined) request.write(req.body);
    request.end();
  });
}
