import { afterEach, describe, expect, it } from 'vitest';
import { now, setClock, testClock } from './clock.ts';

describe('clock', () => {
  afterEach(() => setClock(null));

  it('reads the system time unless a clock is set, and moves only when told', () => {
    const before = Date.now();
    expect(now()).toBeGreaterThanOrEqual(before);
    const c = testClock(1_000);
    setClock(c);
    expect(now()).toBe(1_000);
    c.advance(500);
    expect(now()).toBe(1_500);
    c.set(42);
    expect(now()).toBe(42);
    setClock(null);
    expect(now()).toBeGreaterThanOrEqual(before);
  });
});
