import { flowGraphSchema, validateFlowGraph, type FlowGraph, type GraphIssueCode } from '@medalliance/contract';
import type { EditableGraph } from './graphOps.ts';

/**
 * What the validate button reports: the contract's shape errors (a node
 * missing its approvers, a name too long…) first, mapped to the node or edge
 * they are on, then validateFlowGraph's structural issues. Release runs the
 * same checks on the server; this only says it earlier and points at the spot.
 */
export type DesignIssueCode = GraphIssueCode | 'shape' | 'tooFewNodes' | 'noEdges' | 'subFlowFlow' | 'subFlowMapping';

export interface DesignIssue {
  code: DesignIssueCode;
  nodeId?: string;
  edgeId?: string;
  /** For shape errors: where in the node or edge (e.g. 'assignee.userIds'). */
  path?: string;
}

export function checkGraph(g: EditableGraph): { issues: DesignIssue[]; graph: FlowGraph | null } {
  const parsed = flowGraphSchema.safeParse(g);
  if (!parsed.success) {
    const issues: DesignIssue[] = [];
    for (const i of parsed.error.issues) {
      const [list, index, ...rest] = i.path;
      const node = typeof index === 'number' && list === 'nodes' ? g.nodes[index] : undefined;
      // A sub-flow node's own settings get their own words: no child flow chosen, a mapping row half filled.
      if (node?.type === 'subFlow' && rest[0] === 'flowId') issues.push({ code: 'subFlowFlow', nodeId: node.id });
      else if (node?.type === 'subFlow' && rest[0] === 'mapping') {
        if (!issues.some((x) => x.code === 'subFlowMapping' && x.nodeId === node.id))
          issues.push({ code: 'subFlowMapping', nodeId: node.id });
      } else if (typeof index === 'number' && list === 'nodes')
        issues.push({ code: 'shape', nodeId: g.nodes[index]?.id, path: rest.join('.') });
      else if (typeof index === 'number' && list === 'edges')
        issues.push({ code: 'shape', edgeId: g.edges[index]?.id, path: rest.join('.') });
      else if (list === 'nodes') issues.push({ code: 'tooFewNodes' });
      else if (list === 'edges') issues.push({ code: 'noEdges' });
      else issues.push({ code: 'shape', path: i.path.join('.') });
    }
    return { issues, graph: null };
  }
  return { issues: validateFlowGraph(parsed.data), graph: parsed.data };
}
