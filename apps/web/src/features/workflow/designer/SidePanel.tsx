import { Alert, Button, Empty, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConditionGroup, FlowFormField, FlowNode } from '@medalliance/contract';
import { NS as GRAPH_NS } from '../graph/messages.ts';
import { ApproverPanel } from './ApproverPanel.tsx';
import type { DesignIssue } from './checkGraph.ts';
import { EdgePanel } from './EdgePanel.tsx';
import { FieldPermissionsTable } from './FieldPermissionsTable.tsx';
import { SubFlowPanel } from './SubFlowPanel.tsx';
import { setDefaultEdge, setEdgeCondition, updateNode, type EditableGraph } from './graphOps.ts';
import { NS } from './messages.ts';

export type Selection = { kind: 'node'; id: string } | { kind: 'edge'; id: string } | null;

/** The settings of the selected node or edge, with the validation issues found on it. */
export function SidePanel({
  graph,
  selection,
  fields,
  issues,
  issueText,
  onChange,
  onDelete,
  flowId,
}: {
  graph: EditableGraph;
  /** The flow being designed (a sub-flow node cannot start it). */
  flowId: string;
  selection: Selection;
  fields: FlowFormField[];
  issues: DesignIssue[];
  issueText: (i: DesignIssue) => string;
  onChange: (g: EditableGraph) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(NS);
  const { t: tg } = useTranslation(GRAPH_NS);
  const node = selection?.kind === 'node' ? graph.nodes.find((n) => n.id === selection.id) : undefined;
  const edge = selection?.kind === 'edge' ? graph.edges.find((e) => e.id === selection.id) : undefined;
  if (!node && !edge) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSelection')} />;
  const mine = issues.filter((i) => (node && i.nodeId === node.id) || (edge && i.edgeId === edge.id));
  const patch = (n: FlowNode) => onChange(updateNode(graph, n.id, () => n));
  const head = (
    <div className="wf-panel-head">
      <Typography.Text strong>{node ? tg(`type.${node.type}`) : t('branch')}</Typography.Text>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        onClick={onDelete}
        disabled={node?.type === 'start'}
        data-testid="wf-panel-delete"
      >
        {t('deleteSelected')}
      </Button>
    </div>
  );
  const alerts = mine.map((i, k) => <Alert key={k} type="error" showIcon message={issueText(i)} style={{ marginBottom: 8 }} />);
  if (edge) {
    const from = graph.nodes.find((n) => n.id === edge.source);
    return (
      <div data-testid="wf-side-panel">
        {head}
        {alerts}
        <Typography.Paragraph type="secondary">{t('branchOf', { from: from?.name ?? edge.source })}</Typography.Paragraph>
        <EdgePanel
          key={edge.id}
          edge={edge}
          fromCondition={from?.type === 'condition'}
          fields={fields}
          onCondition={(c: ConditionGroup | undefined) => onChange(setEdgeCondition(graph, edge.id, c))}
          onDefault={() => onChange(setDefaultEdge(graph, edge.id))}
          onName={(name) =>
            onChange({ nodes: graph.nodes, edges: graph.edges.map((e) => (e.id === edge.id ? { ...e, name: name || undefined } : e)) })
          }
        />
      </div>
    );
  }
  const n = node!;
  return (
    <div data-testid="wf-side-panel">
      {head}
      {alerts}
      <Form layout="vertical" size="small" key={n.id}>
        <Form.Item label={t('name')} required validateStatus={n.name.trim() ? '' : 'error'}>
          <Input value={n.name} maxLength={100} onChange={(e) => patch({ ...n, name: e.target.value })} data-testid="wf-node-name" />
        </Form.Item>
        {n.type === 'approver' && <ApproverPanel node={n} onChange={patch} fields={fields} nodes={graph.nodes} />}
        {n.type === 'subFlow' && <SubFlowPanel node={n} onChange={patch} fields={fields} nodes={graph.nodes} flowId={flowId} />}
        {n.type === 'start' && (
          <Form.Item label={t('fieldPermissions')}>
            <FieldPermissionsTable
              fields={fields}
              value={n.fieldPermissions}
              onChange={(fieldPermissions) => patch({ ...n, fieldPermissions })}
              fallback="write"
            />
          </Form.Item>
        )}
        {n.type === 'timer' && (
          <Form.Item label={t('delay')} required>
            <Space.Compact>
              <InputNumber
                min={1}
                max={100_000}
                precision={0}
                value={n.delay.duration}
                onChange={(v) => patch({ ...n, delay: { ...n.delay, duration: Math.max(1, Math.round(Number(v) || 1)) } })}
                data-testid="wf-timer-duration"
              />
              <Select
                style={{ width: 96 }}
                value={n.delay.unit}
                onChange={(unit) => patch({ ...n, delay: { ...n.delay, unit } })}
                options={(['minute', 'hour', 'day'] as const).map((u) => ({ value: u, label: t(`unit.${u}`) }))}
                data-testid="wf-timer-unit"
              />
            </Space.Compact>
          </Form.Item>
        )}
        {n.type === 'parallel' && (
          <Form.Item label={t('joinOf')}>
            <Input value={graph.nodes.find((j) => j.id === n.joinId)?.name ?? n.joinId} disabled />
          </Form.Item>
        )}
      </Form>
    </div>
  );
}
