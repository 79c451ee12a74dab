/**
 * The one clock of rules that depend on the time (workflow due times, entrust
 * windows, ...). Production reads the system time; a test sets a clock it
 * moves by hand with `setClock(testClock(...))` and puts it back with
 * `setClock(null)`.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

let current: Clock = systemClock;

/** Epoch milliseconds from the current clock. */
export const now = (): number => current.now();

export function setClock(clock: Clock | null): void {
  current = clock ?? systemClock;
}

/** A clock that stands still until told to move. */
export interface TestClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start: number): TestClock {
  let t = start;
  return {
    now: () => t,
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
