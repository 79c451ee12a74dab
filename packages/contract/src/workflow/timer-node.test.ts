import { describe, expect, it } from 'vitest';
import { flowGraphSchema, timeoutMs } from './definition.ts';
import { validateFlowGraph } from './validate-graph.ts';

const graph = (
  timer: Record<string, unknown>,
  edges = [
    ['start', 'wait'],
    ['wait', 'end'],
  ],
) =>
  flowGraphSchema.safeParse({
    nodes: [
      { id: 'start', type: 'start', name: 'S' },
      { id: 'wait', type: 'timer', name: 'Wait', ...timer },
      { id: 'end', type: 'end', name: 'E' },
    ],
    edges: edges.map(([source, target]) => ({ id: `${source}-${target}`, source, target })),
  });

describe('timer node', () => {
  it('needs a whole positive delay in minutes, hours or days', () => {
    expect(graph({ delay: { duration: 90, unit: 'minute' } }).success).toBe(true);
    expect(graph({}).success).toBe(false);
    expect(graph({ delay: { duration: 0, unit: 'day' } }).success).toBe(false);
    expect(graph({ delay: { duration: 1.5, unit: 'day' } }).success).toBe(false);
    expect(graph({ delay: { duration: 1, unit: 'second' } }).success).toBe(false);
    expect(timeoutMs({ duration: 90, unit: 'minute' })).toBe(5_400_000);
  });

  it('moves on along exactly one edge', () => {
    const ok = graph({ delay: { duration: 1, unit: 'hour' } });
    expect(ok.success && validateFlowGraph(ok.data)).toEqual([]);
    const stuck = graph({ delay: { duration: 1, unit: 'hour' } }, [['start', 'wait']]);
    expect(stuck.success && validateFlowGraph(stuck.data).map((i) => i.code)).toContain('outgoingCount');
  });
});
