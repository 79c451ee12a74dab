import { describe, expect, it } from 'vitest';
import type { FlowGraph } from '@medalliance/contract';
import { graphPositions, layoutGraph, NODE_HEIGHT, NODE_WIDTH } from './layout.ts';

const graph: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', name: 'Start', fieldPermissions: [] },
    { id: 'c', type: 'condition', name: 'Amount' },
    {
      id: 'a1',
      type: 'approver',
      name: 'A1',
      assignee: { type: 'starter' },
      sign: { mode: 'or', ratio: 100 },
      noApprover: 'stop',
      fieldPermissions: [],
      rejectTo: 'starter',
    },
    { id: 'end', type: 'end', name: 'End' },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'c' },
    { id: 'e2', source: 'c', target: 'a1', condition: { logic: 'and', items: [{ field: 'amount', operator: '>', value: 1000 }] } },
    { id: 'e3', source: 'c', target: 'end', isDefault: true },
    { id: 'e4', source: 'a1', target: 'end' },
  ],
};

describe('layoutGraph', () => {
  it('places every node top-down along the edges', () => {
    const p = layoutGraph(graph);
    expect(p.size).toBe(4);
    expect(p.get('start')!.y).toBeLessThan(p.get('c')!.y);
    expect(p.get('c')!.y).toBeLessThan(p.get('a1')!.y);
    expect(p.get('a1')!.y).toBeLessThan(p.get('end')!.y);
  });

  it('never overlaps two cards', () => {
    const pts = [...layoutGraph(graph).values()];
    for (let i = 0; i < pts.length; i++)
      for (let j = i + 1; j < pts.length; j++) {
        const a = pts[i]!;
        const b = pts[j]!;
        const apart = Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= NODE_HEIGHT;
        expect(apart).toBe(true);
      }
  });

  it('keeps cards off the straight line of an edge that skips a rank (the default branch to the end)', () => {
    const p = layoutGraph(graph);
    const cx = (id: string) => p.get(id)!.x + NODE_WIDTH / 2;
    // React Flow draws c → end between the two handles; a1 sits on the rank between them.
    const lo = Math.min(cx('c'), cx('end'));
    const hi = Math.max(cx('c'), cx('end'));
    const card = { left: p.get('a1')!.x, right: p.get('a1')!.x + NODE_WIDTH };
    expect(card.right < lo || card.left > hi).toBe(true);
  });

  it('ignores edges to unknown nodes instead of inventing them', () => {
    const p = layoutGraph({ nodes: graph.nodes, edges: [...graph.edges, { id: 'x', source: 'start', target: 'ghost' }] });
    expect(p.has('ghost')).toBe(false);
    expect(p.size).toBe(4);
  });
});

describe('graphPositions', () => {
  it('keeps stored positions when every node has one', () => {
    const placed = { ...graph, nodes: graph.nodes.map((n, i) => ({ ...n, position: { x: i * 10, y: 5 } })) };
    expect(graphPositions(placed).get('a1')).toEqual({ x: 20, y: 5 });
  });

  it('lays the whole graph out again when one node lacks a position', () => {
    const half = { ...graph, nodes: graph.nodes.map((n, i) => (i === 0 ? n : { ...n, position: { x: 0, y: 0 } })) };
    const p = graphPositions(half);
    expect(p.get('start')!.y).toBeLessThan(p.get('end')!.y);
  });
});
