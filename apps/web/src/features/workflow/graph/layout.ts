import dagre from '@dagrejs/dagre';
import type { FlowGraph } from '@medalliance/contract';

/** Every node is drawn as a card of this size, so dagre can lay them out without measuring the DOM. */
export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 64;

export interface XY {
  x: number;
  y: number;
}

/**
 * Top-down positions (top-left corners, as React Flow wants them) for every
 * node of a graph, computed by dagre. Graphs released before the designer
 * stored positions, and the auto-layout button, both come through here.
 */
export function layoutGraph(graph: Pick<FlowGraph, 'nodes' | 'edges'>): Map<string, XY> {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  // Wide node separation: React Flow draws an edge that skips ranks (a default branch straight to the end)
  // as one curve between its ends, so the cards beside that line must leave it room.
  g.setGraph({ rankdir: 'TB', nodesep: 130, edgesep: 200, ranksep: 56, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of graph.edges) if (g.hasNode(e.source) && g.hasNode(e.target)) g.setEdge(e.source, e.target, {}, e.id);
  dagre.layout(g);
  const out = new Map<string, XY>();
  for (const n of graph.nodes) {
    const p = g.node(n.id);
    out.set(n.id, { x: Math.round(p.x - NODE_WIDTH / 2), y: Math.round(p.y - NODE_HEIGHT / 2) });
  }
  return out;
}

/** Stored positions where every node has one; otherwise a fresh layout (a half-positioned graph would overlap). */
export function graphPositions(graph: Pick<FlowGraph, 'nodes' | 'edges'>): Map<string, XY> {
  if (graph.nodes.every((n) => n.position)) return new Map(graph.nodes.map((n) => [n.id, n.position!]));
  return layoutGraph(graph);
}
