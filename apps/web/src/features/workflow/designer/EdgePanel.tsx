import { Alert, Button, Checkbox, Input, Radio, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_OPERATORS,
  isConditionGroup,
  type Condition,
  type ConditionGroup,
  type FlowEdge,
  type FlowFormField,
} from '@medalliance/contract';
import { conditionText, conditionValue } from './conditionValue.ts';
import { NS } from './messages.ts';

/**
 * A branch out of a condition node: its rows (field, operator, value)
 * combined with and / or, or the default branch. Nested groups of imported
 * graphs are kept as they are; the rows edit the plain conditions.
 */
export function EdgePanel({
  edge,
  fromCondition,
  fields,
  onCondition,
  onDefault,
  onName,
}: {
  edge: FlowEdge;
  fromCondition: boolean;
  fields: FlowFormField[];
  onCondition: (c: ConditionGroup | undefined) => void;
  onDefault: () => void;
  onName: (name: string) => void;
}) {
  const { t } = useTranslation(NS);
  const nameBox = (
    <Input
      value={edge.name ?? ''}
      maxLength={100}
      onChange={(e) => onName(e.target.value)}
      placeholder={t('edgeName')}
      aria-label={t('edgeName')}
    />
  );
  if (!fromCondition)
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        {nameBox}
        <Alert type="info" showIcon message={t('plainEdge')} />
      </Space>
    );
  const group: ConditionGroup = edge.condition ?? { logic: 'and', items: [] };
  const rows = group.items
    .map((item, index) => ({ item, index }))
    .filter((r): r is { item: Condition; index: number } => !isConditionGroup(r.item));
  const put = (items: ConditionGroup['items'], logic = group.logic) => onCondition(items.length ? { logic, items } : undefined);
  const change = (index: number, patch: Partial<Condition>) =>
    put(group.items.map((it, i) => (i === index && !isConditionGroup(it) ? { ...it, ...patch } : it)));
  const typeOf = (field: string) => fields.find((f) => f.key === field)?.type;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="wf-edge-panel">
      {nameBox}
      <Checkbox checked={!!edge.isDefault} onChange={(e) => e.target.checked && onDefault()} data-testid="wf-edge-default">
        {t('makeDefault')}
      </Checkbox>
      {edge.isDefault ? (
        <Alert type="info" showIcon message={t('defaultHint')} />
      ) : (
        <>
          <Radio.Group
            value={group.logic}
            onChange={(e) => put(group.items, e.target.value as 'and' | 'or')}
            optionType="button"
            size="small"
            options={[
              { value: 'and', label: t('logic.and') },
              { value: 'or', label: t('logic.or') },
            ]}
            aria-label={t('logicLabel')}
          />
          {rows.map(({ item, index }) => (
            <Space key={index} wrap size={4} data-testid={`wf-cond-row-${index}`}>
              <Select
                style={{ width: 120 }}
                value={item.field}
                onChange={(field: string) =>
                  change(index, { field, value: conditionValue(conditionText(item.value), item.operator, typeOf(field)) })
                }
                options={fields.map((f) => ({ value: f.key, label: f.label }))}
                aria-label={t('field')}
                data-testid="wf-cond-field"
              />
              <Select
                style={{ width: 96 }}
                value={item.operator}
                onChange={(operator: Condition['operator']) =>
                  change(index, { operator, value: conditionValue(conditionText(item.value), operator, typeOf(item.field)) })
                }
                options={CONDITION_OPERATORS.map((o) => ({ value: o, label: t(`op.${o}`) }))}
                aria-label={t('operator')}
                data-testid="wf-cond-op"
              />
              {item.operator !== 'empty' && item.operator !== 'notEmpty' && (
                <Input
                  style={{ width: 100 }}
                  defaultValue={conditionText(item.value)}
                  onChange={(e) => change(index, { value: conditionValue(e.target.value, item.operator, typeOf(item.field)) })}
                  aria-label={t('value')}
                  data-testid="wf-cond-value"
                />
              )}
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('deleteSelected')}
                onClick={() => put(group.items.filter((_, i) => i !== index))}
              />
            </Space>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={!fields.length}
            onClick={() => put([...group.items, { field: fields[0]!.key, operator: '=', value: '' }])}
            data-testid="wf-cond-add"
          >
            {t('addCondition')}
          </Button>
        </>
      )}
    </Space>
  );
}
