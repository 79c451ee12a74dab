import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Assignee, FlowFormField, FlowNode } from '@medalliance/contract';
import { PositionSelect, RoleSelect, UserSelect } from '../../../components/pickers/org/index.ts';
import { NS } from './messages.ts';

const TYPES: Assignee['type'][] = ['users', 'starter', 'manager', 'deptHead', 'role', 'position', 'formField', 'nodeApprover', 'chosen'];

/** A new assignee of a type, empty where something must still be chosen (validation points at it). */
function blank(type: Assignee['type']): Assignee {
  switch (type) {
    case 'users':
      return { type, userIds: [] };
    case 'role':
      return { type, roleIds: [] };
    case 'position':
      return { type, positionIds: [] };
    case 'manager':
      return { type, level: 1 };
    case 'formField':
      return { type, field: '' };
    case 'nodeApprover':
      return { type, nodeId: '' };
    default:
      return { type } as Assignee;
  }
}

const ids = (v: string | string[]) => (Array.isArray(v) ? v : v ? [v] : []);

/** Who approves a node: every assignee type of the contract, with the organisation pickers where people are chosen. */
export function AssigneeEditor({
  value,
  onChange,
  fields,
  nodes,
  selfId,
}: {
  value: Assignee;
  onChange: (a: Assignee) => void;
  fields: FlowFormField[];
  nodes: FlowNode[];
  selfId: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Form.Item label={t('assignee')}>
        <Select
          value={value.type}
          onChange={(type: Assignee['type']) => onChange(blank(type))}
          options={TYPES.map((type) => ({ value: type, label: t(`assignee.${type}`) }))}
          data-testid="wf-assignee-type"
        />
      </Form.Item>
      {value.type === 'users' && (
        <Form.Item label={t('users')} required validateStatus={value.userIds.length ? '' : 'error'}>
          <UserSelect multiple value={value.userIds} onChange={(v) => onChange({ type: 'users', userIds: ids(v) })} />
        </Form.Item>
      )}
      {value.type === 'role' && (
        <Form.Item label={t('roles')} required validateStatus={value.roleIds.length ? '' : 'error'}>
          <RoleSelect multiple value={value.roleIds} onChange={(v) => onChange({ type: 'role', roleIds: ids(v) })} />
        </Form.Item>
      )}
      {value.type === 'position' && (
        <Form.Item label={t('positions')} required validateStatus={value.positionIds.length ? '' : 'error'}>
          <PositionSelect multiple value={value.positionIds} onChange={(v) => onChange({ type: 'position', positionIds: ids(v) })} />
        </Form.Item>
      )}
      {value.type === 'manager' && (
        <Form.Item label={t('managerLevel')}>
          <InputNumber
            min={1}
            max={10}
            precision={0}
            value={value.level}
            onChange={(level) => onChange({ type: 'manager', level: level ?? 1 })}
          />
        </Form.Item>
      )}
      {value.type === 'formField' && (
        <Form.Item label={t('field')} required validateStatus={value.field ? '' : 'error'}>
          <Select
            value={value.field || undefined}
            onChange={(field: string) => onChange({ type: 'formField', field })}
            options={fields.map((f) => ({ value: f.key, label: f.label }))}
          />
        </Form.Item>
      )}
      {value.type === 'nodeApprover' && (
        <Form.Item label={t('node')} required validateStatus={value.nodeId ? '' : 'error'}>
          <Select
            value={value.nodeId || undefined}
            onChange={(nodeId: string) => onChange({ type: 'nodeApprover', nodeId })}
            options={nodes.filter((n) => n.type === 'approver' && n.id !== selfId).map((n) => ({ value: n.id, label: n.name }))}
          />
        </Form.Item>
      )}
    </>
  );
}
