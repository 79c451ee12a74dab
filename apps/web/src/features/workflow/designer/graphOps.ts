import type { ConditionGroup, FlowEdge, FlowGraph, FlowNode, FlowNodeType } from '@medalliance/contract';
import { layoutGraph, NODE_HEIGHT, NODE_WIDTH, type XY } from '../graph/layout.ts';

/**
 * Pure edits of the designer's graph: each takes a graph and answers a new
 * one, so the canvas, the keyboard and the tests all change it the same way.
 * The designer's graph may be unfinished (no edges yet): it is checked only
 * when validated or released.
 */
export type EditableGraph = Pick<FlowGraph, 'nodes' | 'edges'>;

/** The node kinds the palette offers ('parallel' brings its join along). */
export type PaletteKind = Exclude<FlowNodeType, 'join'>;

/** A fresh id not used by any node or edge of the graph. */
export function freshId(g: EditableGraph, prefix: string): string {
  const used = new Set([...g.nodes.map((n) => n.id), ...g.edges.map((e) => e.id)]);
  let i = g.nodes.length + g.edges.length + 1;
  while (used.has(`${prefix}${i}`)) i++;
  return `${prefix}${i}`;
}

/** Names the palette gives new nodes, in the user's language. */
export type NodeNames = Record<FlowNodeType, string>;

/**
 * Adds a node of a kind at a position and answers the graph with the new node's id.
 * A parallel split comes with its join just below it, since a split without its join cannot be released.
 */
export function addNode(g: EditableGraph, kind: PaletteKind, at: XY, names: NodeNames): { graph: EditableGraph; id: string } {
  const id = freshId(g, kind === 'approver' ? 'approver' : kind);
  const position = freeSpot(g, at);
  let node: FlowNode;
  const extra: FlowNode[] = [];
  switch (kind) {
    case 'start':
      node = { id, type: 'start', name: names.start, position, fieldPermissions: [] };
      break;
    case 'approver':
      node = {
        id,
        type: 'approver',
        name: names.approver,
        position,
        assignee: { type: 'deptHead' },
        sign: { mode: 'or', ratio: 100 },
        noApprover: 'stop',
        fieldPermissions: [],
        rejectTo: 'starter',
      };
      break;
    case 'timer':
      node = { id, type: 'timer', name: names.timer, position, delay: { duration: 1, unit: 'day' } };
      break;
    case 'subFlow':
      node = { id, type: 'subFlow', name: names.subFlow, position, flowId: '', initiator: { type: 'starter' }, mapping: [], mode: 'sync' };
      break;
    case 'parallel': {
      const joinId = freshId({ nodes: [...g.nodes, { id, type: 'end', name: '' }], edges: g.edges }, 'join');
      node = { id, type: 'parallel', name: names.parallel, position, joinId };
      extra.push({ id: joinId, type: 'join', name: names.join, position: { x: position.x, y: position.y + NODE_HEIGHT * 3 } });
      break;
    }
    default:
      node = { id, type: kind, name: names[kind], position } as FlowNode;
  }
  return { graph: { nodes: [...g.nodes, node, ...extra], edges: g.edges }, id };
}

const GAP = 24;

/** `at`, or the first place below it where a new card covers no other card (so clicks never stack nodes). */
export function freeSpot(g: EditableGraph, at: XY): XY {
  const spot = { x: Math.round(at.x), y: Math.round(at.y) };
  const hits = (p: XY) =>
    g.nodes.some((n) => n.position && Math.abs(n.position.x - p.x) < NODE_WIDTH + GAP && Math.abs(n.position.y - p.y) < NODE_HEIGHT + GAP);
  for (let i = 0; i < 200 && hits(spot); i++) spot.y += NODE_HEIGHT + GAP;
  return spot;
}

/** Why a connection is refused: its ends, a loop onto itself, or a second edge between the same two nodes. */
export function canConnect(g: EditableGraph, source: string, target: string): boolean {
  if (source === target) return false;
  const s = g.nodes.find((n) => n.id === source);
  const t = g.nodes.find((n) => n.id === target);
  if (!s || !t || s.type === 'end' || t.type === 'start') return false;
  return !g.edges.some((e) => e.source === source && e.target === target);
}

/**
 * Connects two nodes. The first edge out of a condition node becomes its
 * default branch; later ones wait for their conditions (validation says so
 * until they have them).
 */
export function connect(g: EditableGraph, source: string, target: string): EditableGraph {
  if (!canConnect(g, source, target)) return g;
  const edge: FlowEdge = { id: freshId(g, 'e'), source, target };
  const s = g.nodes.find((n) => n.id === source)!;
  if (s.type === 'condition' && !g.edges.some((e) => e.source === source && e.isDefault)) edge.isDefault = true;
  return { nodes: g.nodes, edges: [...g.edges, edge] };
}

/**
 * Removes nodes and edges; a removed node takes its edges along, and a
 * removed parallel split its join (and the other way round), so no half pair remains.
 */
export function removeElements(g: EditableGraph, nodeIds: readonly string[], edgeIds: readonly string[] = []): EditableGraph {
  const gone = new Set(nodeIds);
  for (const n of g.nodes) {
    if (n.type === 'parallel' && gone.has(n.id)) gone.add(n.joinId);
    if (n.type === 'parallel' && gone.has(n.joinId)) gone.add(n.id);
  }
  const goneEdges = new Set(edgeIds);
  return {
    nodes: g.nodes.filter((n) => !gone.has(n.id)),
    edges: g.edges.filter((e) => !goneEdges.has(e.id) && !gone.has(e.source) && !gone.has(e.target)),
  };
}

export function updateNode(g: EditableGraph, id: string, patch: (n: FlowNode) => FlowNode): EditableGraph {
  return { nodes: g.nodes.map((n) => (n.id === id ? patch(n) : n)), edges: g.edges };
}

/** Sets a branch's condition; a branch with a condition is no longer the default. */
export function setEdgeCondition(g: EditableGraph, edgeId: string, condition: ConditionGroup | undefined): EditableGraph {
  return {
    nodes: g.nodes,
    edges: g.edges.map((e) => {
      if (e.id !== edgeId) return e;
      const { condition: _old, isDefault: _d, ...rest } = e;
      return condition ? { ...rest, condition } : rest;
    }),
  };
}

/** Makes one branch of a condition node its default (dropping that branch's condition); its siblings stop being default. */
export function setDefaultEdge(g: EditableGraph, edgeId: string): EditableGraph {
  const edge = g.edges.find((e) => e.id === edgeId);
  if (!edge) return g;
  return {
    nodes: g.nodes,
    edges: g.edges.map((e) => {
      if (e.source !== edge.source) return e;
      const { condition: _c, isDefault: _d, ...rest } = e;
      if (e.id === edgeId) return { ...rest, isDefault: true };
      return e.isDefault ? rest : e;
    }),
  };
}

export function moveNode(g: EditableGraph, id: string, to: XY): EditableGraph {
  return updateNode(g, id, (n) => ({ ...n, position: { x: Math.round(to.x), y: Math.round(to.y) } }));
}

/** Every node placed by dagre (the auto-layout button, and graphs stored without positions). */
export function autoLayout(g: EditableGraph): EditableGraph {
  const pos = layoutGraph(g);
  return { nodes: g.nodes.map((n) => ({ ...n, position: pos.get(n.id) ?? n.position })), edges: g.edges };
}

/** A graph whose every node has a position: stored ones kept when all have one, else a fresh layout. */
export function withPositions(g: EditableGraph): EditableGraph {
  return g.nodes.every((n) => n.position) ? g : autoLayout(g);
}
