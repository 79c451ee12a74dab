import { describe, expect, it } from 'vitest';
import { flowGraphSchema, flowNodeSchema } from './definition.ts';
import { flowDraftGraphSchema } from './api.ts';

/** Node positions drawn by the designer: optional, finite, kept through parsing on every node kind. */
describe('node positions', () => {
  it('keeps a position on every node kind and leaves it out when absent', () => {
    const at = { x: 12.5, y: -40 };
    for (const n of [
      { id: 's', type: 'start', name: 'S', position: at },
      { id: 'a', type: 'approver', name: 'A', assignee: { type: 'starter' }, position: at },
      { id: 'c', type: 'condition', name: 'C', position: at },
      { id: 'p', type: 'parallel', name: 'P', joinId: 'j', position: at },
      { id: 'j', type: 'join', name: 'J', position: at },
      { id: 'e', type: 'end', name: 'E', position: at },
    ])
      expect(flowNodeSchema.parse(n).position).toEqual(at);
    expect(flowNodeSchema.parse({ id: 'e', type: 'end', name: 'E' })).not.toHaveProperty('position');
  });

  it('refuses positions that are not finite numbers', () => {
    for (const position of [{ x: 'a', y: 0 }, { x: Infinity, y: 0 }, { x: 0 }, { x: 1e9, y: 0 }, null])
      expect(flowNodeSchema.safeParse({ id: 'e', type: 'end', name: 'E', position }).success).toBe(false);
  });

  it('lets a draft be unfinished where a released graph may not', () => {
    const lone = { nodes: [{ id: 's', type: 'start', name: 'S' }], edges: [] };
    expect(flowDraftGraphSchema.safeParse(lone).success).toBe(true);
    expect(flowGraphSchema.safeParse(lone).success).toBe(false);
  });
});
