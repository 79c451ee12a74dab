import { MarkerType, type Edge } from '@xyflow/react';
import type { FlowEdge, FlowGraph, FlowNode } from '@medalliance/contract';
import type { FlowRfNode } from './FlowNodeCard.tsx';
import { graphPositions, NODE_HEIGHT, NODE_WIDTH } from './layout.ts';
import type { NodeRunState } from './runState.ts';

export interface ToFlowOptions {
  states?: Map<string, NodeRunState>;
  summary?: (node: FlowNode) => string | undefined;
  edgeLabel?: (edge: FlowEdge) => string | undefined;
  invalidNodes?: Set<string>;
  invalidEdges?: Set<string>;
}

const STATE_COLOUR: Partial<Record<NodeRunState, string>> = { done: '#52c41a', rejected: '#ff4d4f', current: '#1677ff' };

/** A flow graph as React Flow nodes and edges, placed at stored positions or by dagre. */
export function toFlowElements(graph: FlowGraph, opts: ToFlowOptions = {}): { nodes: FlowRfNode[]; edges: Edge[] } {
  const pos = graphPositions(graph);
  const nodes: FlowRfNode[] = graph.nodes.map((n) => ({
    id: n.id,
    type: 'flow',
    position: pos.get(n.id) ?? { x: 0, y: 0 },
    // The card's size before it is measured (the minimap and the first fitView use it).
    initialWidth: NODE_WIDTH,
    initialHeight: NODE_HEIGHT,
    data: { node: n, state: opts.states?.get(n.id), summary: opts.summary?.(n), invalid: opts.invalidNodes?.has(n.id) },
  }));
  const edges: Edge[] = graph.edges.map((e) => {
    // An edge is walked when its target was reached: colour it like its source's outcome.
    const walked = opts.states?.has(e.target) ? opts.states.get(e.source) : undefined;
    const colour = opts.invalidEdges?.has(e.id) ? '#ff4d4f' : walked ? STATE_COLOUR[walked] : undefined;
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      label: opts.edgeLabel?.(e),
      markerEnd: { type: MarkerType.ArrowClosed, color: colour ?? '#8c8c8c' },
      style: colour ? { stroke: colour, strokeWidth: 2 } : { stroke: '#8c8c8c' },
      data: { edge: e },
    };
  });
  return { nodes, edges };
}
