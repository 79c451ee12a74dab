import { describe, expect, it } from 'vitest';
import { seedPrintTemplates } from '../db/seed/system.ts';
import { PRINT_LAYOUTS } from './print-layouts.ts';
import { sanitizeHtml, sanitizeOptionalHtml } from './sanitize-html.ts';
import { executableParts, normalizedHtml } from './xss-check.ts';
import { XSS_VECTORS } from './xss-vectors.ts';

describe('sanitizeHtml: script-injection vectors', () => {
  it('has the cheat-sheet vectors to try, and the checker finds what each one carries', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(60);
    // The oracle itself must see danger in the raw vectors, or the assertions below prove nothing.
    const seen = XSS_VECTORS.filter((v) => executableParts(v).length > 0);
    expect(seen.length).toBeGreaterThanOrEqual(90);
  });

  it.each(XSS_VECTORS.map((v, i) => [i, v] as const))('vector %i leaves nothing that runs', async (_i, vector) => {
    const clean = await sanitizeHtml(vector);
    expect(executableParts(clean), clean).toEqual([]);
    // Stable: a second pass (the browser's, on render) reads the stored text the same way, so no mutation slips through.
    expect(await sanitizeHtml(clean)).toBe(clean);
  });

  it('keeps the harmless part of a vector', async () => {
    expect(await sanitizeHtml('<p onclick="alert(1)">a</p><script>alert(2)</script>')).toBe('<p>a</p>');
    expect(await sanitizeHtml('<a href="jav&#x09;ascript:alert(1)">link</a>')).toBe('<a>link</a>');
    expect(await sanitizeHtml('<div style="page-break-after:always;width:expression(alert(1))">x</div>')).toBe(
      '<div style="page-break-after:always;">x</div>',
    );
  });
});

describe('sanitizeHtml: ordinary print layouts', () => {
  it.each(Object.entries(PRINT_LAYOUTS))('keeps the %s layout unchanged', async (_name, html) => {
    expect(executableParts(html)).toEqual([]);
    expect(await sanitizeHtml(html)).toBe(normalizedHtml(html));
  });

  it.each(seedPrintTemplates.map((t) => [t.enCode, t.html] as const))('keeps the seeded %s template unchanged', async (_code, html) => {
    expect(await sanitizeHtml(html)).toBe(normalizedHtml(html));
  });

  it('passes empty and missing text through', async () => {
    expect(await sanitizeHtml('')).toBe('');
    expect(await sanitizeOptionalHtml(null)).toBeNull();
    expect(await sanitizeOptionalHtml(undefined)).toBeUndefined();
    expect(await sanitizeOptionalHtml('<b onmouseover=x>b</b>')).toBe('<b>b</b>');
  });
});
