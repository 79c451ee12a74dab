import { Form, InputNumber, Select, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApproverNode, FlowFormField, FlowNode } from '@medalliance/contract';
import { PositionSelect, RoleSelect, UserSelect } from '../../../components/pickers/org/index.ts';
import { AssigneeEditor } from './AssigneeEditor.tsx';
import { FieldPermissionsTable } from './FieldPermissionsTable.tsx';
import { NS } from './messages.ts';

const ids = (v: string | string[]) => (Array.isArray(v) ? v : v ? [v] : []);

/** An approver node's settings: who, how several decide, nobody found, copy-to, timeout, reject target, field access. */
export function ApproverPanel({
  node,
  onChange,
  fields,
  nodes,
}: {
  node: ApproverNode;
  onChange: (n: ApproverNode) => void;
  fields: FlowFormField[];
  nodes: FlowNode[];
}) {
  const { t } = useTranslation(NS);
  const set = (patch: Partial<ApproverNode>) => onChange({ ...node, ...patch });
  const copyTo = node.copyTo ?? { userIds: [], positionIds: [], roleIds: [] };
  const basic = (
    <>
      <AssigneeEditor value={node.assignee} onChange={(assignee) => set({ assignee })} fields={fields} nodes={nodes} selfId={node.id} />
      <Form.Item label={t('sign')}>
        <Select
          value={node.sign.mode}
          onChange={(mode: ApproverNode['sign']['mode']) => set({ sign: { ...node.sign, mode } })}
          options={(['or', 'countersign', 'sequential'] as const).map((m) => ({ value: m, label: t(`sign.${m}`) }))}
          data-testid="wf-sign-mode"
        />
      </Form.Item>
      {node.sign.mode === 'countersign' && (
        <Form.Item label={t('ratio')}>
          <InputNumber
            min={1}
            max={100}
            precision={0}
            value={node.sign.ratio}
            onChange={(ratio) => set({ sign: { ...node.sign, ratio: ratio ?? 100 } })}
          />
        </Form.Item>
      )}
      <Form.Item label={t('noApprover')}>
        <Select
          value={node.noApprover}
          onChange={(noApprover: ApproverNode['noApprover']) => set({ noApprover })}
          options={(['autoPass', 'admin', 'stop'] as const).map((m) => ({ value: m, label: t(`noApprover.${m}`) }))}
        />
      </Form.Item>
    </>
  );
  const advanced = (
    <>
      <Form.Item label={t('copyTo')}>
        <UserSelect
          multiple
          value={copyTo.userIds}
          onChange={(v) => set({ copyTo: { ...copyTo, userIds: ids(v) } })}
          placeholder={t('users')}
        />
      </Form.Item>
      <Form.Item>
        <PositionSelect
          multiple
          value={copyTo.positionIds}
          onChange={(v) => set({ copyTo: { ...copyTo, positionIds: ids(v) } })}
          placeholder={t('positions')}
        />
      </Form.Item>
      <Form.Item>
        <RoleSelect
          multiple
          value={copyTo.roleIds}
          onChange={(v) => set({ copyTo: { ...copyTo, roleIds: ids(v) } })}
          placeholder={t('roles')}
        />
      </Form.Item>
      <Form.Item label={t('timeout')}>
        <Switch
          size="small"
          checked={!!node.timeout}
          onChange={(on) => set({ timeout: on ? { duration: 1, unit: 'day', action: 'remind' } : undefined })}
          aria-label={t('timeoutOn')}
        />
      </Form.Item>
      {node.timeout && (
        <Form.Item>
          <InputNumber
            min={1}
            max={100000}
            precision={0}
            value={node.timeout.duration}
            onChange={(duration) => set({ timeout: { ...node.timeout!, duration: duration ?? 1 } })}
            style={{ width: 90 }}
            aria-label={t('duration')}
          />{' '}
          <Select
            value={node.timeout.unit}
            onChange={(unit: 'minute' | 'hour' | 'day') => set({ timeout: { ...node.timeout!, unit } })}
            options={(['minute', 'hour', 'day'] as const).map((u) => ({ value: u, label: t(`unit.${u}`) }))}
            style={{ width: 90 }}
          />{' '}
          <Select
            value={node.timeout.action}
            onChange={(action: 'remind' | 'approve' | 'reject') => set({ timeout: { ...node.timeout!, action } })}
            options={(['remind', 'approve', 'reject'] as const).map((a) => ({ value: a, label: t(`action.${a}`) }))}
            style={{ width: 130 }}
          />
        </Form.Item>
      )}
      <Form.Item label={t('rejectTo')}>
        <Select
          value={node.rejectTo}
          onChange={(rejectTo: ApproverNode['rejectTo']) => set({ rejectTo })}
          options={(['starter', 'choose'] as const).map((r) => ({ value: r, label: t(`rejectTo.${r}`) }))}
        />
      </Form.Item>
    </>
  );
  return (
    <Tabs
      size="small"
      items={[
        { key: 'basic', label: t('tab.basic'), children: basic },
        {
          key: 'fields',
          label: t('tab.fields'),
          children: (
            <FieldPermissionsTable
              fields={fields}
              value={node.fieldPermissions}
              onChange={(fieldPermissions) => set({ fieldPermissions })}
              fallback="read"
            />
          ),
        },
        { key: 'advanced', label: t('tab.advanced'), children: advanced },
      ]}
    />
  );
}
