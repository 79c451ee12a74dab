import { describe, expect, it } from 'vitest';
import { EMOJI_CODES, emojiSvg, emojiUrl, isEmojiCode, previewText, splitEmoji } from './emoji.ts';

describe('chat emoji', () => {
  it('has 120 codes from 100 to 219, each with its own picture', () => {
    expect(EMOJI_CODES).toHaveLength(120);
    expect(EMOJI_CODES[0]).toBe(100);
    expect(EMOJI_CODES.at(-1)).toBe(219);
    expect(new Set(EMOJI_CODES.map(emojiSvg)).size).toBe(120);
    expect(emojiUrl(150)).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(emojiUrl(99)).toBe('');
    expect(emojiUrl(220)).toBe('');
    expect(isEmojiCode(100.5)).toBe(false);
  });

  it('cuts text into text and emoji pieces; other brackets and HTML stay text', () => {
    expect(splitEmoji('hi[101]there[219][220][99][1000]')).toEqual([
      { kind: 'text', text: 'hi' },
      { kind: 'emoji', code: 101 },
      { kind: 'text', text: 'there' },
      { kind: 'emoji', code: 219 },
      { kind: 'text', text: '[220][99][1000]' },
    ]);
    expect(splitEmoji('[100][100]')).toEqual([
      { kind: 'emoji', code: 100 },
      { kind: 'emoji', code: 100 },
    ]);
    expect(splitEmoji('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
    expect(splitEmoji('')).toEqual([]);
  });

  it('previews a message on one line, cut at a length', () => {
    expect(previewText('a\n\n b  c')).toBe('a b c');
    expect(previewText('一二三四五', 3)).toBe('一二三…');
  });
});
