import { Empty, Radio, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldPermission, FlowFormField } from '@medalliance/contract';
import { NS } from './messages.ts';

type Access = FieldPermission['access'];

/**
 * Read / write / hidden per form field on a node. Fields without a row keep
 * the node's default (the start node writes, approvers read), so only the
 * fields the designer touched are stored.
 */
export function FieldPermissionsTable({
  fields,
  value,
  onChange,
  fallback,
}: {
  fields: FlowFormField[];
  value: FieldPermission[];
  onChange: (v: FieldPermission[]) => void;
  fallback: Access;
}) {
  const { t } = useTranslation(NS);
  if (!fields.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFields')} />;
  const of = (key: string) => value.find((p) => p.field === key)?.access ?? fallback;
  const set = (field: string, access: Access) => onChange([...value.filter((p) => p.field !== field), { field, access }]);
  return (
    <Table<FlowFormField>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={fields}
      data-testid="wf-field-permissions"
      columns={[
        { title: t('fieldCol'), dataIndex: 'label', ellipsis: true },
        {
          title: t('accessCol'),
          width: 190,
          render: (_: unknown, f) => (
            <Radio.Group
              size="small"
              optionType="button"
              value={of(f.key)}
              onChange={(e) => set(f.key, e.target.value as Access)}
              options={(['read', 'write', 'hidden'] as const).map((a) => ({ value: a, label: t(`access.${a}`) }))}
            />
          ),
        },
      ]}
    />
  );
}
