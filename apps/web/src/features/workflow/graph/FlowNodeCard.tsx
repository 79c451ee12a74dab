import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { FlowNode } from '@medalliance/contract';
import type { NodeRunState } from './runState.ts';
import { NS } from './messages.ts';
import './messages.ts';
import './graph.css';

export interface FlowNodeData extends Record<string, unknown> {
  node: FlowNode;
  /** Progress colouring (read-only graphs). */
  state?: NodeRunState;
  /** Marked by the designer's validation. */
  invalid?: boolean;
  /** A second line: who approves, what the branch tests. */
  summary?: string;
}
export type FlowRfNode = Node<FlowNodeData, 'flow'>;

/** One node of a flow graph as a card: kind, name, a summary line; handles where edges may attach. */
function FlowNodeCardBase({ data, selected }: NodeProps<FlowRfNode>) {
  const { t } = useTranslation(NS);
  const { node, state, invalid, summary } = data;
  const cls = [
    'wf-node',
    `wf-node-${node.type}`,
    state ? `wf-state-${state}` : '',
    invalid ? 'wf-invalid' : '',
    selected ? 'wf-selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cls} data-testid={`wf-node-${node.id}`} title={state ? t(`state.${state}`) : undefined}>
      {node.type !== 'start' && <Handle type="target" position={Position.Top} />}
      <div className="wf-node-kind">{t(`type.${node.type}`)}</div>
      <div className="wf-node-name">{node.name}</div>
      {summary && <div className="wf-node-summary">{summary}</div>}
      {node.type !== 'end' && <Handle type="source" position={Position.Bottom} />}
    </div>
  );
}

export const FlowNodeCard = memo(FlowNodeCardBase);

/** React Flow's node type registry: every flow node is drawn by the one card. */
export const flowNodeTypes = { flow: FlowNodeCard };
