import { describe, expect, it } from 'vitest';
import { runStates } from './runState.ts';

describe('runStates', () => {
  it('maps the node-state rows of an instance, latest visit winning', () => {
    const s = runStates([
      { nodeId: 'start', status: 2 },
      { nodeId: 'a1', status: 3 },
      { nodeId: 'start', status: 2 },
      { nodeId: 'a1', status: 1 },
      { nodeId: 'a2', status: 5 },
    ]);
    expect(s.get('start')).toBe('done');
    expect(s.get('a1')).toBe('current');
    expect(s.get('a2')).toBe('cancelled');
    expect(s.has('end')).toBe(false);
  });

  it('takes a ready map and marks the current nodes on top of it', () => {
    const s = runStates({ start: 'done', a1: 'rejected' }, ['a1']);
    expect(s.get('a1')).toBe('current');
    expect(s.get('start')).toBe('done');
  });
});
