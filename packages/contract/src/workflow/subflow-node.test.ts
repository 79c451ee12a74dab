import { describe, expect, it } from 'vitest';
import { flowGraphSchema } from './definition.ts';
import { validateFlowGraph } from './validate-graph.ts';

const graph = (sub: Record<string, unknown>) => ({
  nodes: [
    { id: 'start', type: 'start', name: 'S' },
    { id: 's1', type: 'subFlow', name: 'Sub', flowId: 'f1', ...sub },
    { id: 'end', type: 'end', name: 'E' },
  ],
  edges: [
    { id: 'a', source: 'start', target: 's1' },
    { id: 'b', source: 's1', target: 'end' },
  ],
});

describe('subFlow node', () => {
  it('defaults to sync, started by the starter, no mapping', () => {
    const g = flowGraphSchema.parse(graph({}));
    expect(g.nodes[1]).toMatchObject({ type: 'subFlow', mode: 'sync', initiator: { type: 'starter' }, mapping: [] });
    expect(validateFlowGraph(g)).toEqual([]);
  });

  it('refuses an empty flow id, an unknown mode, an empty mapped field and more than 100 rows', () => {
    expect(flowGraphSchema.safeParse(graph({ flowId: '' })).success).toBe(false);
    expect(flowGraphSchema.safeParse(graph({ mode: 'later' })).success).toBe(false);
    expect(flowGraphSchema.safeParse(graph({ mapping: [{ parentField: 'a', childField: '' }] })).success).toBe(false);
    const rows = Array.from({ length: 101 }, (_, i) => ({ parentField: `p${i}`, childField: `c${i}` }));
    expect(flowGraphSchema.safeParse(graph({ mapping: rows })).success).toBe(false);
  });

  it('flags a child field mapped twice and an initiator naming a node that is not an approver', () => {
    const dup = flowGraphSchema.parse(
      graph({
        mapping: [
          { parentField: 'a', childField: 'x' },
          { parentField: 'b', childField: 'x' },
        ],
      }),
    );
    expect(validateFlowGraph(dup)).toEqual([{ code: 'subFlowMappingDuplicate', nodeId: 's1' }]);
    const ref = flowGraphSchema.parse(graph({ initiator: { type: 'nodeApprover', nodeId: 'start' } }));
    expect(validateFlowGraph(ref)).toEqual([{ code: 'nodeApproverUnknown', nodeId: 's1' }]);
  });

  it('needs exactly one way out', () => {
    const g = flowGraphSchema.parse({
      ...graph({}),
      edges: [
        { id: 'a', source: 'start', target: 's1' },
        { id: 'c', source: 'start', target: 'end' },
      ],
    });
    expect(validateFlowGraph(g)).toContainEqual({ code: 'outgoingCount', nodeId: 's1' });
  });
});
