import { randomInt } from 'node:crypto';

/**
 * Snowflake-style ids (server-contract §9): 41 bits of milliseconds since 2024,
 * 10 bits of worker, 12 bits of sequence, as decimal strings. The worker is
 * random per process so two server processes practically never collide; the
 * primary keys would refuse a collision anyway.
 */
const EPOCH = 1704067200000n;
const worker = BigInt(randomInt(1024));
let lastMs = 0n;
let seq = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    seq = 0n;
  }
  if (now < lastMs) now = lastMs; // clock moved back: keep ids increasing
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString();
}
