import { formDefinition, type FormDefinition } from '@medalliance/contract';

/**
 * How the designer hands a draft to /previewModel: the definition goes to
 * localStorage under a fresh id (a new browser tab sees it, unlike
 * sessionStorage), the preview reads it by `?id=`. Only the last few drafts
 * are kept.
 */

export const PREVIEW_PATH = '/previewModel';
const PREFIX = 'medalliance_preview_';
const KEEP = 5;

export interface PreviewDraft {
  title: string;
  definition: FormDefinition;
  savedAt: number;
}

function prune(): void {
  const keys: { key: string; at: number }[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      keys.push({ key, at: (JSON.parse(localStorage.getItem(key) ?? '{}') as PreviewDraft).savedAt ?? 0 });
    } catch {
      keys.push({ key, at: 0 });
    }
  }
  keys.sort((a, b) => b.at - a.at);
  for (const k of keys.slice(KEEP)) localStorage.removeItem(k.key);
}

/** Stores a draft and answers the in-app path of its preview (for `navigate`). */
export function previewPath(definition: FormDefinition, title = ''): string {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const draft: PreviewDraft = { title, definition, savedAt: Date.now() };
  localStorage.setItem(PREFIX + id, JSON.stringify(draft));
  prune();
  return `${PREVIEW_PATH}?id=${id}`;
}

/** Opens the preview of a designer draft in a new browser tab (the designer keeps its unsaved work). */
export function openPreview(definition: FormDefinition, title = ''): void {
  window.open(previewPath(definition, title), '_blank', 'noopener');
}

/** The draft stored under an id, checked against the form schema; null when missing or invalid. */
export function readPreview(id: string | null): PreviewDraft | null {
  if (!id) return null;
  try {
    const raw = JSON.parse(localStorage.getItem(PREFIX + id) ?? 'null') as Partial<PreviewDraft> | null;
    const parsed = formDefinition.safeParse(raw?.definition);
    return parsed.success ? { title: String(raw?.title ?? ''), definition: parsed.data, savedAt: Number(raw?.savedAt ?? 0) } : null;
  } catch {
    return null;
  }
}
