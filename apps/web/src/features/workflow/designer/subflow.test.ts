import { describe, expect, it } from 'vitest';
import type { FlowNodeType } from '@medalliance/contract';
import { checkGraph } from './checkGraph.ts';
import { addNode, connect, type EditableGraph } from './graphOps.ts';

const names = { start: 'S', approver: 'A', subFlow: 'Sub', end: 'E' } as Record<FlowNodeType, string>;

/** start → sub-flow → end, as the palette adds them. */
function drawn() {
  let g: EditableGraph = { nodes: [], edges: [] };
  const ids = (['start', 'subFlow', 'end'] as const).map((k) => {
    const r = addNode(g, k, { x: 0, y: 0 }, names);
    g = r.graph;
    return r.id;
  });
  g = connect(connect(g, ids[0]!, ids[1]!), ids[1]!, ids[2]!);
  return { g, sub: ids[1]! };
}

describe('sub-flow node in the designer', () => {
  it('is added sync, started by the starter, with no flow chosen yet: validation names that, once', () => {
    const { g, sub } = drawn();
    expect(g.nodes.find((n) => n.id === sub)).toMatchObject({ type: 'subFlow', name: 'Sub', flowId: '', mode: 'sync', mapping: [] });
    expect(checkGraph(g).issues).toEqual([{ code: 'subFlowFlow', nodeId: sub }]);
  });

  it('names a half-filled mapping once per node, and passes once the flow and both fields are chosen', () => {
    const { g, sub } = drawn();
    const set = (patch: Record<string, unknown>): EditableGraph => ({
      ...g,
      nodes: g.nodes.map((n) => (n.id === sub ? ({ ...n, ...patch } as typeof n) : n)),
    });
    expect(checkGraph(set({ flowId: 'f1', mapping: [{ parentField: '', childField: '' }] })).issues).toEqual([
      { code: 'subFlowMapping', nodeId: sub },
    ]);
    const ok = checkGraph(set({ flowId: 'f1', mapping: [{ parentField: 'patientName', childField: 'patientName' }] }));
    expect(ok.issues).toEqual([]);
    expect(ok.graph?.nodes.find((n) => n.id === sub)).toMatchObject({ flowId: 'f1' });
  });
});
