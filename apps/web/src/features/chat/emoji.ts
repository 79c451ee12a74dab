import { CHAT_EMOJI_COUNT, CHAT_EMOJI_FIRST_CODE } from '@medalliance/contract';

/**
 * The chat's 120 emoji (spec §2.5, §9: codes 100–219, written in text as
 * `[100]` … `[219]`). The pictures are drawn here as small SVG faces (six
 * colours × four pairs of eyes × five mouths), served as data URLs: no files,
 * no network. A message's text is cut into plain text and emoji pieces; the
 * text pieces are rendered as text, never as HTML.
 */
export const EMOJI_CODES: readonly number[] = Array.from({ length: CHAT_EMOJI_COUNT }, (_, i) => CHAT_EMOJI_FIRST_CODE + i);

const COLOURS = ['#ffcc4d', '#ffb347', '#ff8a80', '#8fd3a6', '#8ec5ff', '#c9a7ff'] as const;
const EYES = [
  // dots
  '<circle cx="8.5" cy="10" r="1.6" fill="#4a3728"/><circle cx="15.5" cy="10" r="1.6" fill="#4a3728"/>',
  // happy arcs
  '<path d="M6.5 10.5q2-2.4 4 0M13.5 10.5q2-2.4 4 0" stroke="#4a3728" stroke-width="1.4" fill="none" stroke-linecap="round"/>',
  // wink
  '<circle cx="8.5" cy="10" r="1.6" fill="#4a3728"/><path d="M13.5 10h4" stroke="#4a3728" stroke-width="1.4" stroke-linecap="round"/>',
  // wide
  '<circle cx="8.5" cy="10" r="2.2" fill="#fff" stroke="#4a3728" stroke-width=".8"/><circle cx="8.5" cy="10" r="1" fill="#4a3728"/><circle cx="15.5" cy="10" r="2.2" fill="#fff" stroke="#4a3728" stroke-width=".8"/><circle cx="15.5" cy="10" r="1" fill="#4a3728"/>',
] as const;
const MOUTHS = [
  // smile
  '<path d="M7.5 14.5q4.5 4 9 0" stroke="#4a3728" stroke-width="1.4" fill="none" stroke-linecap="round"/>',
  // laugh
  '<path d="M7 14h10q-1 5-5 5t-5-5z" fill="#4a3728"/><path d="M9 17.2q3 1.6 6 0" stroke="#ff6b6b" stroke-width="1.2" fill="none"/>',
  // flat
  '<path d="M8.5 16h7" stroke="#4a3728" stroke-width="1.4" stroke-linecap="round"/>',
  // sad
  '<path d="M7.5 17.5q4.5-4 9 0" stroke="#4a3728" stroke-width="1.4" fill="none" stroke-linecap="round"/>',
  // surprised
  '<ellipse cx="12" cy="16" rx="2" ry="2.6" fill="#4a3728"/>',
] as const;

export function isEmojiCode(code: number): boolean {
  return Number.isInteger(code) && code >= CHAT_EMOJI_FIRST_CODE && code < CHAT_EMOJI_FIRST_CODE + CHAT_EMOJI_COUNT;
}

/** The SVG source of one emoji (the picture varies with every code). */
export function emojiSvg(code: number): string {
  const i = code - CHAT_EMOJI_FIRST_CODE;
  const colour = COLOURS[i % COLOURS.length]!;
  const eyes = EYES[Math.floor(i / COLOURS.length) % EYES.length]!;
  const mouth = MOUTHS[Math.floor(i / (COLOURS.length * EYES.length)) % MOUTHS.length]!;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">' +
    `<circle cx="12" cy="12" r="11" fill="${colour}" stroke="#00000022"/>${eyes}${mouth}</svg>`
  );
}

const urls = new Map<number, string>();

/** The emoji's picture as a data URL; '' for a code outside 100–219. */
export function emojiUrl(code: number): string {
  if (!isEmojiCode(code)) return '';
  let url = urls.get(code);
  if (!url) {
    url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(emojiSvg(code))}`;
    urls.set(code, url);
  }
  return url;
}

/** The bracketed code written into the text for an emoji. */
export const emojiToken = (code: number) => `[${code}]`;

export type TextPiece = { kind: 'text'; text: string } | { kind: 'emoji'; code: number };

/** Cuts a message's text into text and emoji pieces: `[100]` … `[219]` become emoji, anything else stays text. */
export function splitEmoji(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const pattern = /\[(\d{3})\]/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const code = Number(m[1]);
    if (!isEmojiCode(code)) continue;
    if (m.index > last) pieces.push({ kind: 'text', text: text.slice(last, m.index) });
    pieces.push({ kind: 'emoji', code });
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** A one-line preview of a message for the conversation list: emoji codes stay as written. */
export function previewText(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : flat;
}
