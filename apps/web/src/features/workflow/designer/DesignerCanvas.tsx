import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Background, Controls, MiniMap, ReactFlow, useReactFlow, type Connection, type NodeChange } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { FlowFormField, FlowGraph, FlowNode } from '@medalliance/contract';
import { conditionText } from '../graph/conditionText.ts';
import { flowNodeTypes } from '../graph/FlowNodeCard.tsx';
import { NODE_HEIGHT, NODE_WIDTH } from '../graph/layout.ts';
import { NS as GRAPH_NS } from '../graph/messages.ts';
import { toFlowElements } from '../graph/toFlow.ts';
import type { DesignIssue } from './checkGraph.ts';
import { addNode, canConnect, connect, moveNode, type EditableGraph, type NodeNames, type PaletteKind } from './graphOps.ts';
import { NS } from './messages.ts';
import { Palette, PALETTE_MIME } from './Palette.tsx';
import type { Selection } from './SidePanel.tsx';
import '@xyflow/react/dist/style.css';

/**
 * The editable canvas: nodes dragged to move (positions kept in the graph),
 * edges drawn from a node's bottom handle, a click selects, the palette adds
 * nodes in the middle of the view. Invalid nodes and edges of the last
 * validation are outlined red.
 */
export function DesignerCanvas({
  graph,
  onChange,
  selection,
  onSelect,
  fields,
  issues,
  left,
  fitSignal,
}: {
  graph: EditableGraph;
  onChange: (g: EditableGraph) => void;
  selection: Selection;
  onSelect: (s: Selection) => void;
  fields: FlowFormField[];
  issues: DesignIssue[];
  left: React.ReactNode;
  /** Bumped after an auto layout: the view then fits the new layout. */
  fitSignal: number;
}) {
  const { t } = useTranslation(NS);
  const { t: tg, i18n } = useTranslation(GRAPH_NS);
  const flow = useReactFlow();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!fitSignal) return;
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: 0.2, maxZoom: 1 }));
    return () => cancelAnimationFrame(frame);
  }, [fitSignal, flow]);
  const label = useCallback((key: string) => fields.find((f) => f.key === key)?.label ?? key, [fields]);

  const summary = useCallback(
    (n: FlowNode) =>
      n.type === 'approver'
        ? t(`assignee.${n.assignee.type}`)
        : n.type === 'timer'
          ? t('delayOf', { duration: n.delay.duration, unit: t(`unit.${n.delay.unit}`) })
          : n.type === 'subFlow'
            ? t(`subFlow.card.${n.mode}`)
            : undefined,
    // i18n.language: the summaries follow a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const { nodes, edges } = useMemo(() => {
    const els = toFlowElements(graph as FlowGraph, {
      summary,
      edgeLabel: (e) => (e.isDefault ? tg('defaultBranch') : e.condition ? conditionText(e.condition, label) : e.name),
      invalidNodes: new Set(issues.map((i) => i.nodeId).filter((x): x is string => !!x)),
      invalidEdges: new Set(issues.map((i) => i.edgeId).filter((x): x is string => !!x)),
    });
    return {
      nodes: els.nodes.map((n) => ({ ...n, selected: selection?.kind === 'node' && selection.id === n.id })),
      edges: els.edges.map((e) => ({ ...e, selected: selection?.kind === 'edge' && selection.id === e.id, interactionWidth: 16 })),
    };
  }, [graph, summary, tg, label, issues, selection]);

  const onNodesChange = useCallback(
    (changes: NodeChange[]) => {
      let g = graph;
      for (const c of changes) if (c.type === 'position' && c.position) g = moveNode(g, c.id, c.position);
      if (g !== graph) onChange(g);
    },
    [graph, onChange],
  );
  const onConnect = useCallback((c: Connection) => onChange(connect(graph, c.source, c.target)), [graph, onChange]);

  const names: NodeNames = {
    start: tg('type.start'),
    approver: tg('type.approver'),
    condition: tg('type.condition'),
    parallel: tg('type.parallel'),
    join: tg('type.join'),
    timer: tg('type.timer'),
    subFlow: tg('type.subFlow'),
    end: tg('type.end'),
  } as NodeNames;
  /** Adds a node centred on a point of the screen (the middle of the view for a click, the drop point for a drag). */
  const addAt = (kind: PaletteKind, screen: { x: number; y: number }) => {
    const at = flow.screenToFlowPosition(screen);
    const r = addNode(graph, kind, { x: at.x - NODE_WIDTH / 2, y: at.y - NODE_HEIGHT / 2 }, names);
    onChange(r.graph);
    onSelect({ kind: 'node', id: r.id });
  };
  const add = (kind: PaletteKind) => {
    const rect = box.current?.getBoundingClientRect();
    addAt(kind, rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : { x: 0, y: 0 });
  };
  const KINDS = new Set<string>(['start', 'approver', 'condition', 'parallel', 'end']);
  const onDrop = (e: React.DragEvent) => {
    const kind = e.dataTransfer.getData(PALETTE_MIME);
    if (!KINDS.has(kind)) return;
    e.preventDefault();
    addAt(kind as PaletteKind, { x: e.clientX, y: e.clientY });
  };

  return (
    <>
      <aside className="wf-designer-left">
        <Palette onAdd={add} />
        {left}
      </aside>
      <div
        className="wf-canvas"
        ref={box}
        data-testid="wf-canvas"
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes(PALETTE_MIME)) {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
          }
        }}
        onDrop={onDrop}
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={flowNodeTypes}
          onNodesChange={onNodesChange}
          onConnect={onConnect}
          isValidConnection={(c) => canConnect(graph, c.source, c.target)}
          onNodeClick={(_, n) => onSelect({ kind: 'node', id: n.id })}
          onEdgeClick={(_, e) => onSelect({ kind: 'edge', id: e.id })}
          onPaneClick={() => onSelect(null)}
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={null}
          fitView
          fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
          minZoom={0.2}
          snapToGrid
          snapGrid={[8, 8]}
          proOptions={{ hideAttribution: true }}
        >
          <Background gap={16} />
          <Controls />
          <MiniMap pannable zoomable />
        </ReactFlow>
      </div>
    </>
  );
}
