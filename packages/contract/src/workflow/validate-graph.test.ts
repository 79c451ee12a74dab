import { describe, expect, it } from 'vitest';
import { flowGraphSchema, type FlowGraph } from './definition.ts';
import { nodesInParallel, upstreamOf, validateFlowGraph } from './validate-graph.ts';

const approver = (id: string) => ({ id, type: 'approver', name: id, assignee: { type: 'starter' } });
const edge = (source: string, target: string, extra: Record<string, unknown> = {}) => ({
  id: `${source}-${target}`,
  source,
  target,
  ...extra,
});
const graph = (nodes: unknown[], edges: unknown[]): FlowGraph => flowGraphSchema.parse({ nodes, edges });
const codes = (g: FlowGraph) => validateFlowGraph(g).map((i) => i.code);

const start = { id: 'start', type: 'start', name: 'Start' };
const end = { id: 'end', type: 'end', name: 'End' };
const amountOver = { logic: 'and', items: [{ field: 'amount', operator: '>', value: 1000 }] };

describe('validateFlowGraph', () => {
  it('accepts a chain, a condition with a default, a parallel with its join', () => {
    expect(codes(graph([start, approver('a'), end], [edge('start', 'a'), edge('a', 'end')]))).toEqual([]);
    const cond = graph(
      [start, { id: 'c', type: 'condition', name: 'c' }, approver('big'), approver('small'), end],
      [
        edge('start', 'c'),
        edge('c', 'big', { condition: amountOver }),
        edge('c', 'small', { isDefault: true }),
        edge('big', 'end'),
        edge('small', 'end'),
      ],
    );
    expect(codes(cond)).toEqual([]);
    const par = graph(
      [
        start,
        { id: 'p', type: 'parallel', name: 'p', joinId: 'j' },
        approver('x'),
        approver('y'),
        { id: 'j', type: 'join', name: 'j' },
        end,
      ],
      [edge('start', 'p'), edge('p', 'x'), edge('p', 'y'), edge('x', 'j'), edge('y', 'j'), edge('j', 'end')],
    );
    expect(codes(par)).toEqual([]);
    expect([...nodesInParallel(par)].sort()).toEqual(['x', 'y']);
    expect([...upstreamOf(par, 'j')].sort()).toEqual(['p', 'start', 'x', 'y']);
    expect([...upstreamOf(cond, 'big')].sort()).toEqual(['c', 'start']);
  });

  it('wants exactly one start and an end', () => {
    expect(codes(graph([start, { ...start, id: 's2' }, end], [edge('start', 'end'), edge('s2', 'end')]))).toContain('startCount');
    expect(codes(graph([start, approver('a')], [edge('start', 'a'), edge('a', 'start')]))).toEqual(
      expect.arrayContaining(['noEnd', 'startIncoming']),
    );
  });

  it('refuses loops, unknown nodes, dangling and unreachable nodes', () => {
    expect(
      codes(graph([start, approver('a'), approver('b'), end], [edge('start', 'a'), edge('a', 'b'), edge('b', 'a'), edge('b', 'end')])),
    ).toContain('cycle');
    expect(codes(graph([start, end], [edge('start', 'nowhere')]))).toEqual(['unknownNode']);
    expect(codes(graph([start, approver('a'), end], [edge('start', 'end')]))).toEqual(
      expect.arrayContaining(['outgoingCount', 'unreachable']),
    );
  });

  it('wants one default branch and a condition on every other', () => {
    const base = [start, { id: 'c', type: 'condition', name: 'c' }, approver('a'), approver('b'), end];
    const tail = [edge('start', 'c'), edge('a', 'end'), edge('b', 'end')];
    expect(codes(graph(base, [...tail, edge('c', 'a', { condition: amountOver }), edge('c', 'b', { condition: amountOver })]))).toContain(
      'conditionDefault',
    );
    expect(codes(graph(base, [...tail, edge('c', 'a', { isDefault: true }), edge('c', 'b', { isDefault: true })]))).toContain(
      'conditionDefault',
    );
    expect(codes(graph(base, [...tail, edge('c', 'a'), edge('c', 'b', { isDefault: true })]))).toContain('conditionMissing');
    expect(codes(graph([start, approver('a'), end], [edge('start', 'a', { condition: amountOver }), edge('a', 'end')]))).toContain(
      'conditionNotAllowed',
    );
  });

  it('wants each parallel closed by its own join, branches meeting only there', () => {
    const p = { id: 'p', type: 'parallel', name: 'p', joinId: 'j' };
    const j = { id: 'j', type: 'join', name: 'j' };
    // A branch that runs to the end without the join.
    expect(
      codes(
        graph(
          [start, p, approver('x'), approver('y'), j, end],
          [edge('start', 'p'), edge('p', 'x'), edge('p', 'y'), edge('x', 'j'), edge('y', 'end'), edge('j', 'end')],
        ),
      ),
    ).toContain('branchLeaksJoin');
    // Two branches meeting at m before the join.
    expect(
      codes(
        graph(
          [start, p, approver('x'), approver('y'), approver('m'), j, end],
          [edge('start', 'p'), edge('p', 'x'), edge('p', 'y'), edge('x', 'm'), edge('y', 'm'), edge('m', 'j'), edge('j', 'end')],
        ),
      ),
    ).toContain('branchesMerge');
    // joinId naming an approver; a join nobody opens.
    expect(
      codes(
        graph(
          [start, { ...p, joinId: 'x' }, approver('x'), approver('y'), end],
          [edge('start', 'p'), edge('p', 'x'), edge('p', 'y'), edge('x', 'end'), edge('y', 'end')],
        ),
      ),
    ).toContain('joinUnknown');
    expect(codes(graph([start, approver('a'), j, end], [edge('start', 'a'), edge('a', 'j'), edge('j', 'end')]))).toContain('joinUnmatched');
  });

  it('checks the node an approver refers to', () => {
    const g = graph(
      [start, { id: 'a', type: 'approver', name: 'a', assignee: { type: 'nodeApprover', nodeId: 'ghost' } }, end],
      [edge('start', 'a'), edge('a', 'end')],
    );
    expect(codes(g)).toEqual(['nodeApproverUnknown']);
  });

  it('refuses malformed definitions at the schema', () => {
    expect(
      flowGraphSchema.safeParse({
        nodes: [start, { id: 'a', type: 'approver', name: 'a', assignee: { type: 'users', userIds: [] } }],
        edges: [edge('start', 'a')],
      }).success,
    ).toBe(false);
    expect(flowGraphSchema.safeParse({ nodes: [start, { id: 'x', type: 'script', name: 'x' }], edges: [edge('start', 'x')] }).success).toBe(
      false,
    );
    expect(flowGraphSchema.safeParse({ nodes: [start, { ...end, id: '<img onerror=1>' }], edges: [edge('start', 'end')] }).success).toBe(
      false,
    );
    const sign = flowGraphSchema.safeParse({
      nodes: [start, { ...approver('a'), sign: { mode: 'countersign', ratio: 150 } }, end],
      edges: [edge('start', 'a'), edge('a', 'end')],
    });
    expect(sign.success).toBe(false);
  });
});
