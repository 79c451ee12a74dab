import type { FlowGraph } from '@medalliance/contract';

/** The graph a new flow starts with (start → end): valid, so it can be created at once and then designed. */
export function starterGraph(startName: string, endName: string): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: startName, fieldPermissions: [], position: { x: 200, y: 40 } },
      { id: 'end', type: 'end', name: endName, position: { x: 200, y: 240 } },
    ],
    edges: [{ id: 'e_start_end', source: 'start', target: 'end' }],
  };
}
