/** HTTP details of serving a file: byte ranges (RFC 9110 §14) and Content-Disposition (RFC 6266 / 5987). */

export type RangeResult = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One byte range of `size` bytes from a Range header. null means "serve the
 * whole file" (no header, another unit, several ranges or a malformed one, all
 * of which a server may ignore); 'unsatisfiable' answers 416.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (!Number.isSafeInteger(suffix)) return null;
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Number(b);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * `attachment; filename="fallback"; filename*=UTF-8''…`: an ASCII fallback for
 * old clients and the exact UTF-8 name (Chinese names) for the rest.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '');
  const fallback = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
