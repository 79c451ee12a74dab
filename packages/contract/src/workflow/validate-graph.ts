import type { FlowEdge, FlowGraph, FlowNode } from './definition.ts';

/**
 * Structural checks a flow must pass before it is released: one start, ends
 * reachable, no loops (going back is the reject action, not an edge), every
 * condition with conditions on its edges and one default, every parallel
 * split closed by its own join with branches that do not meet before it.
 */
export type GraphIssueCode =
  | 'duplicateNode'
  | 'duplicateEdge'
  | 'unknownNode'
  | 'selfLoop'
  | 'startCount'
  | 'noEnd'
  | 'startIncoming'
  | 'endOutgoing'
  | 'outgoingCount'
  | 'conditionDefault'
  | 'conditionMissing'
  | 'conditionNotAllowed'
  | 'cycle'
  | 'unreachable'
  | 'joinUnknown'
  | 'joinShared'
  | 'joinUnmatched'
  | 'branchLeaksJoin'
  | 'branchesMerge'
  | 'nodeApproverUnknown'
  | 'subFlowMappingDuplicate';

export interface GraphIssue {
  code: GraphIssueCode;
  nodeId?: string;
  edgeId?: string;
}

export interface GraphIndex {
  nodes: Map<string, FlowNode>;
  out: Map<string, FlowEdge[]>;
  in: Map<string, FlowEdge[]>;
}

/** Nodes by id and edges by source and target, in the edges' array order. */
export function indexGraph(g: FlowGraph): GraphIndex {
  const nodes = new Map(g.nodes.map((n) => [n.id, n]));
  const out = new Map<string, FlowEdge[]>();
  const inn = new Map<string, FlowEdge[]>();
  for (const n of g.nodes) {
    out.set(n.id, []);
    inn.set(n.id, []);
  }
  for (const e of g.edges) {
    out.get(e.source)?.push(e);
    inn.get(e.target)?.push(e);
  }
  return { nodes, out, in: inn };
}

/** The nodes reached from `from` without passing `stop` (from itself included). */
function reach(ix: GraphIndex, from: string, stop: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === stop || seen.has(id)) continue;
    seen.add(id);
    for (const e of ix.out.get(id) ?? []) stack.push(e.target);
  }
  return seen;
}

/** Nodes that lie between a parallel split and its join (any depth): reject cannot target them. */
export function nodesInParallel(g: FlowGraph): Set<string> {
  const ix = indexGraph(g);
  const inside = new Set<string>();
  for (const n of g.nodes) {
    if (n.type !== 'parallel') continue;
    for (const e of ix.out.get(n.id) ?? []) for (const id of reach(ix, e.target, n.joinId)) inside.add(id);
  }
  return inside;
}

/** Every node from which `nodeId` can be reached (the nodes before it), for reject targets. */
export function upstreamOf(g: FlowGraph, nodeId: string): Set<string> {
  const ix = indexGraph(g);
  const seen = new Set<string>();
  const stack = (ix.in.get(nodeId) ?? []).map((e) => e.source);
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const e of ix.in.get(id) ?? []) stack.push(e.source);
  }
  return seen;
}

export function validateFlowGraph(g: FlowGraph): GraphIssue[] {
  const issues: GraphIssue[] = [];
  const ids = new Set<string>();
  for (const n of g.nodes) {
    if (ids.has(n.id)) issues.push({ code: 'duplicateNode', nodeId: n.id });
    ids.add(n.id);
  }
  const edgeIds = new Set<string>();
  for (const e of g.edges) {
    if (edgeIds.has(e.id)) issues.push({ code: 'duplicateEdge', edgeId: e.id });
    edgeIds.add(e.id);
    if (!ids.has(e.source) || !ids.has(e.target)) issues.push({ code: 'unknownNode', edgeId: e.id });
    if (e.source === e.target) issues.push({ code: 'selfLoop', edgeId: e.id });
  }
  if (issues.length) return issues;

  const ix = indexGraph(g);
  const starts = g.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) issues.push({ code: 'startCount' });
  if (!g.nodes.some((n) => n.type === 'end')) issues.push({ code: 'noEnd' });

  for (const n of g.nodes) {
    const outs = ix.out.get(n.id)!;
    if (n.type === 'start' && ix.in.get(n.id)!.length) issues.push({ code: 'startIncoming', nodeId: n.id });
    if (n.type === 'end') {
      if (outs.length) issues.push({ code: 'endOutgoing', nodeId: n.id });
    } else if (n.type === 'condition' || n.type === 'parallel') {
      if (outs.length < 2) issues.push({ code: 'outgoingCount', nodeId: n.id });
    } else if (outs.length !== 1) {
      issues.push({ code: 'outgoingCount', nodeId: n.id });
    }
    if (n.type === 'condition') {
      if (outs.filter((e) => e.isDefault).length !== 1) issues.push({ code: 'conditionDefault', nodeId: n.id });
      for (const e of outs) if (!e.isDefault && !e.condition) issues.push({ code: 'conditionMissing', edgeId: e.id });
    } else {
      for (const e of outs) if (e.condition || e.isDefault) issues.push({ code: 'conditionNotAllowed', edgeId: e.id });
    }
    const assignee = n.type === 'approver' ? n.assignee : n.type === 'subFlow' ? n.initiator : null;
    if (assignee?.type === 'nodeApprover') {
      const target = ix.nodes.get(assignee.nodeId);
      if (!target || target.type !== 'approver' || target.id === n.id) issues.push({ code: 'nodeApproverUnknown', nodeId: n.id });
    }
    if (n.type === 'subFlow' && new Set(n.mapping.map((m) => m.childField)).size !== n.mapping.length)
      issues.push({ code: 'subFlowMappingDuplicate', nodeId: n.id });
  }

  // No loops: Kahn's algorithm leaves the nodes on a cycle unvisited.
  const indegree = new Map(g.nodes.map((n) => [n.id, ix.in.get(n.id)!.length]));
  const queue = g.nodes.filter((n) => indegree.get(n.id) === 0).map((n) => n.id);
  let visited = 0;
  while (queue.length) {
    const id = queue.shift()!;
    visited++;
    for (const e of ix.out.get(id)!) {
      const d = indegree.get(e.target)! - 1;
      indegree.set(e.target, d);
      if (d === 0) queue.push(e.target);
    }
  }
  if (visited !== g.nodes.length) {
    for (const [id, d] of indegree) if (d > 0) issues.push({ code: 'cycle', nodeId: id });
    return issues;
  }

  if (starts.length === 1) {
    const reached = reach(ix, starts[0]!.id, '');
    for (const n of g.nodes) if (!reached.has(n.id)) issues.push({ code: 'unreachable', nodeId: n.id });
  }

  const joinOwners = new Map<string, string>();
  for (const n of g.nodes) {
    if (n.type !== 'parallel') continue;
    const join = ix.nodes.get(n.joinId);
    if (!join || join.type !== 'join') {
      issues.push({ code: 'joinUnknown', nodeId: n.id });
      continue;
    }
    if (joinOwners.has(join.id)) issues.push({ code: 'joinShared', nodeId: join.id });
    joinOwners.set(join.id, n.id);
    const scope = new Set<string>([n.id]);
    const claimed = new Map<string, string>();
    for (const e of ix.out.get(n.id)!) {
      const branch = reach(ix, e.target, join.id);
      for (const id of branch) {
        scope.add(id);
        if (ix.nodes.get(id)!.type === 'end') issues.push({ code: 'branchLeaksJoin', nodeId: id });
        const other = claimed.get(id);
        if (other !== undefined && other !== e.id) issues.push({ code: 'branchesMerge', nodeId: id });
        claimed.set(id, e.id);
      }
    }
    for (const e of ix.in.get(join.id)!) if (!scope.has(e.source)) issues.push({ code: 'joinUnmatched', edgeId: e.id });
  }
  for (const n of g.nodes) if (n.type === 'join' && !joinOwners.has(n.id)) issues.push({ code: 'joinUnmatched', nodeId: n.id });
  return dedupe(issues);
}

function dedupe(issues: GraphIssue[]): GraphIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.code}|${i.nodeId ?? ''}|${i.edgeId ?? ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
