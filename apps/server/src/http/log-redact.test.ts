import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redact.ts';

describe('URLs in logs', () => {
  it('hides the socket token, the scan-code ticket and signatures, keeping the rest', () => {
    expect(redactUrl('/api/message/websocket/Bearer%20abcdefghijklmnopqrstuvwxyz?lang=en')).toBe('/api/message/websocket/***?lang=en');
    expect(redactUrl('/api/oauth/QrTicket/8f3a9c')).toBe('/api/oauth/QrTicket/***');
    expect(redactUrl('/api/oauth/QrTicket/8f3a9c/confirm')).toBe('/api/oauth/QrTicket/***/confirm');
    expect(redactUrl('/api/file/Signed/123?e=1700000000&d=i&s=Zm9vYmFy')).toBe('/api/file/Signed/123?e=1700000000&d=i&s=***');
    expect(redactUrl('/x?a=1&token=abc&b=2&access_token=q#h')).toBe('/x?a=1&token=***&b=2&access_token=***#h');
    expect(redactUrl('/api/permission/Users?keyword=sig&currentPage=1')).toBe('/api/permission/Users?keyword=sig&currentPage=1');
    expect(redactUrl('/api/oauth/QrTicket')).toBe('/api/oauth/QrTicket');
  });
});
