import { Button, Form, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FlowFormField, FlowNode, SubFlowNode } from '@medalliance/contract';
import { flowEngineApi } from '../engine/flowEngineApi.ts';
import { AssigneeEditor } from './AssigneeEditor.tsx';
import { NS } from './messages.ts';

/**
 * A sub-flow node's settings: the child flow (enabled flows other than this
 * one), who starts it (the parent's starter or an approver rule), the field
 * mapping parent → child (pickers over both forms' FormDataFields) and
 * whether the parent waits (sync) or goes on (async). The server checks the
 * same on release (exists, enabled, no cycle, fields of both forms).
 */
export function SubFlowPanel({
  node,
  onChange,
  fields,
  nodes,
  flowId,
}: {
  node: SubFlowNode;
  onChange: (n: SubFlowNode) => void;
  fields: FlowFormField[];
  nodes: FlowNode[];
  /** The flow being designed: it cannot start itself. */
  flowId: string;
}) {
  const { t } = useTranslation(NS);
  const set = (patch: Partial<SubFlowNode>) => onChange({ ...node, ...patch });
  const flows = useQuery({ queryKey: ['wfEngine', 'all'], queryFn: async () => (await flowEngineApi.listAll()).data.list });
  const childFields = useQuery({
    queryKey: ['wfEngine', 'fields', node.flowId],
    queryFn: async () => (await flowEngineApi.formFields(node.flowId)).data.list,
    enabled: !!node.flowId,
  });
  const options = (flows.data ?? [])
    .filter((f) => f.id !== flowId && (f.enabledMark === 1 || f.id === node.flowId))
    .map((f) => ({ value: f.id, label: f.enabledMark === 1 ? f.fullName : `${f.fullName} (${t('subFlow.disabled')})` }));
  const starterMode = node.initiator.type === 'starter' ? 'starter' : 'assignee';
  const fieldOptions = (list: FlowFormField[]) => list.map((f) => ({ value: f.key, label: f.label }));
  const setRow = (i: number, patch: Partial<SubFlowNode['mapping'][number]>) =>
    set({ mapping: node.mapping.map((m, k) => (k === i ? { ...m, ...patch } : m)) });
  return (
    <>
      <Form.Item label={t('subFlow.flow')} required validateStatus={node.flowId ? '' : 'error'}>
        <Select
          showSearch
          optionFilterProp="label"
          value={node.flowId || undefined}
          placeholder={t('subFlow.flowPlaceholder')}
          loading={flows.isLoading}
          onChange={(id: string) => set({ flowId: id, mapping: node.mapping.map((m) => ({ ...m, childField: '' })) })}
          options={options}
          data-testid="wf-subflow-flow"
        />
      </Form.Item>
      <Form.Item label={t('subFlow.mode')}>
        <Radio.Group
          value={node.mode}
          onChange={(e) => set({ mode: e.target.value as SubFlowNode['mode'] })}
          options={(['sync', 'async'] as const).map((m) => ({ value: m, label: t(`subFlow.mode.${m}`) }))}
          data-testid="wf-subflow-mode"
        />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0' }}>
          {t(`subFlow.modeHint.${node.mode}`)}
        </Typography.Paragraph>
      </Form.Item>
      <Form.Item label={t('subFlow.initiator')}>
        <Radio.Group
          value={starterMode}
          onChange={(e) => set({ initiator: e.target.value === 'starter' ? { type: 'starter' } : { type: 'users', userIds: [] } })}
          options={[
            { value: 'starter', label: t('subFlow.initiator.starter') },
            { value: 'assignee', label: t('subFlow.initiator.assignee') },
          ]}
          data-testid="wf-subflow-initiator"
        />
      </Form.Item>
      {starterMode === 'assignee' && (
        <AssigneeEditor
          value={node.initiator}
          onChange={(initiator) => set({ initiator })}
          fields={fields}
          nodes={nodes}
          selfId={node.id}
        />
      )}
      <Form.Item label={t('subFlow.mapping')} extra={t('subFlow.mappingHint')}>
        <Space direction="vertical" style={{ width: '100%' }} data-testid="wf-subflow-mapping">
          {node.mapping.map((m, i) => (
            <Space.Compact key={i} style={{ width: '100%' }}>
              <Select
                style={{ width: '45%' }}
                value={m.parentField || undefined}
                placeholder={t('subFlow.parentField')}
                status={m.parentField ? '' : 'error'}
                options={fieldOptions(fields)}
                onChange={(parentField: string) => setRow(i, { parentField })}
                data-testid={`wf-subflow-parent-${i}`}
              />
              <Select
                style={{ width: '45%' }}
                value={m.childField || undefined}
                placeholder={t('subFlow.childField')}
                status={m.childField ? '' : 'error'}
                disabled={!node.flowId}
                options={fieldOptions(childFields.data ?? [])}
                onChange={(childField: string) => setRow(i, { childField })}
                data-testid={`wf-subflow-child-${i}`}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('subFlow.removeRow')}
                onClick={() => set({ mapping: node.mapping.filter((_, k) => k !== i) })}
              />
            </Space.Compact>
          ))}
          <Button
            icon={<PlusOutlined />}
            size="small"
            disabled={node.mapping.length >= 100}
            onClick={() => set({ mapping: [...node.mapping, { parentField: '', childField: '' }] })}
            data-testid="wf-subflow-add-mapping"
          >
            {t('subFlow.addRow')}
          </Button>
        </Space>
      </Form.Item>
    </>
  );
}
