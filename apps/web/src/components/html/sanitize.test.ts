// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../../server/src/lib/sanitize-html.ts';
import { PRINT_LAYOUTS } from '../../../../server/src/lib/print-layouts.ts';
import { XSS_VECTORS } from '../../../../server/src/lib/xss-vectors.ts';
import { sanitize } from './sanitize.ts';

/**
 * The browser's sanitizer and the server's apply one policy: on every
 * script-injection vector and every ordinary layout they answer the same
 * HTML (the server's tests prove that answer holds nothing that runs).
 */
describe('sanitize() in the browser', () => {
  it.each(XSS_VECTORS.map((v, i) => [i, v] as const))('cleans vector %i exactly as the server does', async (_i, vector) => {
    expect(sanitize(vector)).toBe(await sanitizeHtml(vector));
  });

  it.each(Object.entries(PRINT_LAYOUTS))('keeps the %s layout exactly as the server does', async (_name, html) => {
    const clean = sanitize(html);
    expect(clean).toBe(await sanitizeHtml(html));
    expect(clean).toContain('style=');
  });

  it('removes what runs and keeps the rest', () => {
    expect(sanitize('<img src=x onerror=alert(1)><svg/onload=alert(2)><b>ok</b>')).toBe('<img src="x"><b>ok</b>');
    expect(sanitize('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitize('<div style="page-break-after:always">{a}</div>')).toBe('<div style="page-break-after:always">{a}</div>');
    expect(sanitize(null)).toBe('');
  });
});
