import { useEffect, useState } from 'react';
import { http } from '../../../api/http.ts';

/**
 * A study picture's content from its scoped address (the study route checks
 * that the caller may see the study; it takes the session's Authorization
 * header, which <img> and <video> cannot send, so the bytes come through
 * fetch). A few recent files stay in memory so flicking back and forth in a
 * series or a comparison does not download them again; the cache is small on
 * purpose: a 200 MB series must not end up in memory whole.
 */
const KEEP = 8;
const cache = new Map<string, Promise<Blob>>();

export function fileBlob(url: string): Promise<Blob> {
  const hit = cache.get(url);
  if (hit) {
    // Most recently used last.
    cache.delete(url);
    cache.set(url, hit);
    return hit;
  }
  const p = http.get<Blob>(url, undefined, { responseType: 'blob', timeout: 10 * 60_000, silent: true }).then((res) => res.data);
  // A failed load is forgotten so the next look tries again.
  p.catch(() => cache.delete(url));
  cache.set(url, p);
  while (cache.size > KEEP) cache.delete(cache.keys().next().value!);
  return p;
}

export async function fileBytes(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fileBlob(url)).arrayBuffer());
}

/** Starts loading a file in the background (the next image of a series) without waiting for it. */
export function prefetch(url: string): void {
  void fileBlob(url).catch(() => undefined);
}

/** An object URL of the file for <img> / <video>, revoked when no longer shown; `error` when it could not load. */
export function useObjectUrl(url: string | undefined, attempt = 0): { src?: string; error: boolean } {
  const [state, setState] = useState<{ src?: string; error: boolean }>({ error: false });
  useEffect(() => {
    if (!url) return setState({ error: false });
    let live = true;
    let made: string | undefined;
    setState({ error: false });
    fileBlob(url)
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setState({ src: made, error: false });
      })
      .catch(() => live && setState({ error: true }));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, attempt]);
  return state;
}
