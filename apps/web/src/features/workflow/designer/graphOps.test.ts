import { describe, expect, it } from 'vitest';
import { validateFlowGraph, type FlowGraph, type FlowNodeType } from '@medalliance/contract';
import { checkGraph } from './checkGraph.ts';
import {
  addNode,
  autoLayout,
  freeSpot,
  canConnect,
  connect,
  removeElements,
  setDefaultEdge,
  setEdgeCondition,
  type EditableGraph,
} from './graphOps.ts';

const names = { start: 'S', approver: 'A', condition: 'C', parallel: 'P', join: 'J', timer: 'T', end: 'E' } as Record<FlowNodeType, string>;
const at = { x: 0, y: 0 };
const amount = { logic: 'and' as const, items: [{ field: 'amount', operator: '>' as const, value: 1000 }] };

/** start → approver → condition (amount > 1000 → approver 2, default → end); approver 2 → end. */
function twoLevel() {
  let g: EditableGraph = { nodes: [], edges: [] };
  const add = (kind: Parameters<typeof addNode>[1]) => {
    const r = addNode(g, kind, at, names);
    g = r.graph;
    return r.id;
  };
  const s = add('start');
  const a1 = add('approver');
  const c = add('condition');
  const a2 = add('approver');
  const e = add('end');
  g = connect(g, s, a1);
  g = connect(g, a1, c);
  g = connect(g, c, e);
  g = connect(g, c, a2);
  g = connect(g, a2, e);
  return { g, s, a1, c, a2, e };
}

describe('designer graph edits', () => {
  it('gives every new node and edge its own id, a parallel split with its join', () => {
    const { g } = twoLevel();
    expect(new Set(g.nodes.map((n) => n.id)).size).toBe(5);
    expect(new Set([...g.nodes.map((n) => n.id), ...g.edges.map((e) => e.id)]).size).toBe(10);
    const p = addNode(g, 'parallel', at, names);
    const split = p.graph.nodes.find((n) => n.id === p.id)!;
    expect(split.type).toBe('parallel');
    const join = p.graph.nodes.find((n) => split.type === 'parallel' && n.id === split.joinId)!;
    expect(join.type).toBe('join');
  });

  it('makes the first branch of a condition its default and waits for conditions on the others', () => {
    const { g, c, e, a2 } = twoLevel();
    const out = g.edges.filter((x) => x.source === c);
    expect(out.find((x) => x.target === e)!.isDefault).toBe(true);
    expect(out.find((x) => x.target === a2)!.isDefault).toBeUndefined();
    const codes = checkGraph(g).issues.map((i) => i.code);
    expect(codes).toContain('conditionMissing');
    const branch = out.find((x) => x.target === a2)!;
    const fixed = setEdgeCondition(g, branch.id, amount);
    expect(checkGraph(fixed).issues).toEqual([]);
    expect(checkGraph(fixed).graph).not.toBeNull();
  });

  it('moves the default to another branch, dropping that branch condition', () => {
    const { g, c, a2 } = twoLevel();
    const branch = g.edges.find((x) => x.source === c && x.target === a2)!;
    const withCond = setEdgeCondition(g, branch.id, amount);
    const moved = setDefaultEdge(withCond, branch.id);
    const out = moved.edges.filter((x) => x.source === c);
    expect(out.filter((x) => x.isDefault).map((x) => x.id)).toEqual([branch.id]);
    expect(out.find((x) => x.id === branch.id)!.condition).toBeUndefined();
  });

  it('refuses loops onto a node, duplicate edges, edges out of an end or into a start', () => {
    const { g, s, a1, e } = twoLevel();
    expect(canConnect(g, a1, a1)).toBe(false);
    expect(canConnect(g, s, a1)).toBe(false);
    expect(canConnect(g, e, a1)).toBe(false);
    expect(canConnect(g, a1, s)).toBe(false);
    expect(connect(g, a1, a1)).toBe(g);
  });

  it('removes a node with its edges, and a parallel split with its join', () => {
    const { g, a1 } = twoLevel();
    const r = removeElements(g, [a1]);
    expect(r.nodes.some((n) => n.id === a1)).toBe(false);
    expect(r.edges.some((x) => x.source === a1 || x.target === a1)).toBe(false);
    const p = addNode(g, 'parallel', at, names);
    const joinId = p.graph.nodes.find((n) => n.type === 'join')!.id;
    expect(removeElements(p.graph, [joinId]).nodes.some((n) => n.type === 'parallel')).toBe(false);
    const edgeOnly = removeElements(g, [], [g.edges[0]!.id]);
    expect(edgeOnly.nodes).toHaveLength(5);
    expect(edgeOnly.edges).toHaveLength(4);
  });

  it('puts a new node where it covers no other card', () => {
    let g: EditableGraph = { nodes: [], edges: [] };
    for (let i = 0; i < 3; i++) g = addNode(g, 'approver', { x: 100, y: 100 }, names).graph;
    const ys = g.nodes.map((n) => n.position!.y);
    expect(new Set(ys).size).toBe(3);
    expect(freeSpot(g, { x: 1000, y: 100 })).toEqual({ x: 1000, y: 100 });
  });

  it('lays the graph out so every node has a distinct position', () => {
    const { g } = twoLevel();
    const laid = autoLayout(g);
    const keys = laid.nodes.map((n) => `${n.position!.x},${n.position!.y}`);
    expect(new Set(keys).size).toBe(laid.nodes.length);
  });
});

describe('checkGraph', () => {
  it('maps shape errors onto the node that has them', () => {
    const { g, a1 } = twoLevel();
    const broken = {
      ...g,
      nodes: g.nodes.map((n) => (n.id === a1 && n.type === 'approver' ? { ...n, assignee: { type: 'users' as const, userIds: [] } } : n)),
    };
    const issues = checkGraph(broken).issues;
    expect(issues).toEqual([{ code: 'shape', nodeId: a1, path: 'assignee.userIds' }]);
  });

  it('says when there is nothing to release yet', () => {
    const only = addNode({ nodes: [], edges: [] }, 'start', at, names).graph;
    const codes = checkGraph(only).issues.map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(['tooFewNodes', 'noEdges']));
  });

  it('reports structural issues with their node (an approver left dangling)', () => {
    const { g } = twoLevel();
    const extra = addNode(g, 'approver', at, names);
    const issues = checkGraph(extra.graph).issues;
    expect(issues).toEqual(expect.arrayContaining([expect.objectContaining({ nodeId: extra.id })]));
  });
});

describe('timer nodes', () => {
  it('come with a one-day delay and pass the release check once connected', () => {
    let g: EditableGraph = { nodes: [], edges: [] };
    const ids: string[] = [];
    for (const kind of ['start', 'timer', 'end'] as const) {
      const r = addNode(g, kind, at, names);
      g = r.graph;
      ids.push(r.id);
    }
    expect(g.nodes[1]).toMatchObject({ type: 'timer', name: 'T', delay: { duration: 1, unit: 'day' } });
    expect(validateFlowGraph(g as FlowGraph).length).toBeGreaterThan(0);
    g = connect(connect(g, ids[0]!, ids[1]!), ids[1]!, ids[2]!);
    expect(validateFlowGraph(g as FlowGraph)).toEqual([]);
  });
});
