import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in URLs, kept out of the logs: the socket's token in its
 * path, a scan-code ticket (whoever polls it first after the phone confirms
 * gets the session), and a signed link's signature or any token parameter.
 */
const IN_PATH = /^(\/api\/(?:message\/websocket|oauth\/QrTicket)\/)[^/?#]+/i;
const IN_QUERY = /([?&](?:s|sig|signature|token|access_token|ticket)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(IN_PATH, '$1***').replace(IN_QUERY, '$1***');
}

/** pino's request serializer for Fastify's own lines ("incoming request", errors): Fastify's fields, URL redacted. */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
