import { useMemo } from 'react';
import { Background, Controls, ReactFlow, ReactFlowProvider } from '@xyflow/react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowGraph } from '@medalliance/contract';
import { conditionText } from './conditionText.ts';
import { flowNodeTypes } from './FlowNodeCard.tsx';
import { runStates, type NodeRunState, type NodeStateRow } from './runState.ts';
import { toFlowElements } from './toFlow.ts';
import { NS } from './messages.ts';
import '@xyflow/react/dist/style.css';
import './graph.css';

export interface FlowProgressProps {
  graph: FlowGraph | null | undefined;
  /** The instance's node-state rows oldest first (as the detail route answers them), or node id → state. */
  nodeStates?: NodeStateRow[] | Record<string, NodeRunState>;
  /** Nodes waiting now; highlighted whatever the rows say. */
  currentNodeIds?: string[];
  height?: number;
  /** The colour legend; off where the graph shows no run (a version read on its own). */
  legend?: boolean;
}

const LEGEND: NodeRunState[] = ['done', 'current', 'rejected', 'pending'];
const LEGEND_COLOUR: Record<string, string> = { done: '#52c41a', current: '#1677ff', rejected: '#ff4d4f', pending: '#d9d9d9' };

/**
 * The read-only progress graph of a flow instance (flow detail page): done
 * nodes green, current ones highlighted, rejected red, the rest plain. It
 * can be panned and zoomed but not edited.
 */
export function FlowProgress({ graph, nodeStates = [], currentNodeIds = [], height = 420, legend = true }: FlowProgressProps) {
  const { t } = useTranslation(NS);
  const { nodes, edges } = useMemo(() => {
    if (!graph) return { nodes: [], edges: [] };
    return toFlowElements(graph, {
      states: runStates(nodeStates, currentNodeIds),
      edgeLabel: (e) => (e.isDefault ? t('defaultBranch') : e.condition ? conditionText(e.condition) : e.name),
    });
  }, [graph, nodeStates, currentNodeIds, t]);
  if (!graph) return <Empty description={t('empty')} />;
  return (
    <div data-testid="wf-progress">
      <div className="wf-progress" style={{ height }}>
        <ReactFlowProvider>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={flowNodeTypes}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            edgesFocusable={false}
            nodesFocusable={false}
            deleteKeyCode={null}
            fitView
            fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
            minZoom={0.2}
            proOptions={{ hideAttribution: true }}
          >
            <Background gap={16} />
            <Controls showInteractive={false} />
          </ReactFlow>
        </ReactFlowProvider>
      </div>
      {legend && (
        <div className="wf-legend" aria-label={t('legend')}>
          {LEGEND.map((s) => (
            <span key={s}>
              <span className="wf-legend-dot" style={{ borderColor: LEGEND_COLOUR[s], background: `${LEGEND_COLOUR[s]}33` }} />
              {t(`state.${s}`)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

export default FlowProgress;
