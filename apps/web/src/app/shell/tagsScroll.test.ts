import { describe, expect, it } from 'vitest';
import { revealScrollLeft, wheelDelta } from './tagsScroll.ts';

describe('revealScrollLeft', () => {
  it('keeps the position when the tag is visible', () => {
    expect(revealScrollLeft(100, 500, 200, 80)).toBe(100);
  });
  it('scrolls left to a tag hidden on the left, with a margin', () => {
    expect(revealScrollLeft(300, 500, 250, 80)).toBe(226);
    expect(revealScrollLeft(10, 500, 5, 80)).toBe(0);
  });
  it('scrolls right just enough for a tag hidden on the right', () => {
    expect(revealScrollLeft(0, 500, 480, 80)).toBe(84);
  });
});

describe('wheelDelta', () => {
  it('turns a vertical wheel into horizontal scrolling and keeps sideways swipes', () => {
    expect(wheelDelta(0, 120)).toBe(120);
    expect(wheelDelta(-40, 5)).toBe(-40);
  });
});
