import { Button, Input, Select, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPORT_PARAM_TYPES, type ReportParam, type ReportSourceField } from '@medalliance/contract';
import { NS } from '../messages.ts';
import { firstUnused, paramFor, patchAt, type Draft } from './draft.ts';

type Def = Draft['definition'];

/** Which built-in defaults suit a parameter type. */
const builtinsFor = (type: ReportParam['type']) =>
  type === 'dateRange'
    ? ['@today', '@monthStart', '@yearStart']
    : type === 'organization'
      ? ['@organizeId']
      : type === 'text'
        ? ['@userId']
        : [];

/** The report's filters: field, label, type (text, number, date range, dictionary, organisation), match, default. */
export function ParamsPane({ def, fields, onChange }: { def: Def; fields: ReportSourceField[]; onChange: (d: Def) => void }) {
  const { t } = useTranslation(NS);
  const used = new Set(def.params.map((p) => p.field));
  const set = (i: number, patch: Partial<ReportParam>) => onChange({ ...def, params: patchAt(def.params, i, patch) });
  const add = () => {
    const f = firstUnused(fields, used);
    if (f) onChange({ ...def, params: [...def.params, paramFor(f)] });
  };
  return (
    <div>
      <Table<ReportParam & { i: number }>
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={def.params.map((p, i) => ({ ...p, i }))}
        scroll={{ x: 760 }}
        columns={[
          {
            title: t('field'),
            width: 150,
            render: (_, p) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={p.field}
                showSearch
                optionFilterProp="label"
                options={fields.map((f) => ({ value: f.field, label: f.label, disabled: used.has(f.field) && f.field !== p.field }))}
                onChange={(field: string) => set(p.i, paramFor(fields.find((x) => x.field === field)!))}
                data-testid={`rd-param-field-${p.i}`}
              />
            ),
          },
          {
            title: t('label'),
            width: 130,
            render: (_, p) => <Input size="small" value={p.label} maxLength={100} onChange={(e) => set(p.i, { label: e.target.value })} />,
          },
          {
            title: t('type'),
            width: 120,
            render: (_, p) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={p.type}
                options={REPORT_PARAM_TYPES.map((x) => ({ value: x, label: t(`param.${x}`) }))}
                onChange={(type) => set(p.i, { type, defaultValue: undefined })}
                data-testid={`rd-param-type-${p.i}`}
              />
            ),
          },
          {
            title: `${t('match')} / ${t('dictionaryType')}`,
            width: 140,
            render: (_, p) =>
              p.type === 'text' ? (
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={p.match ?? 'contains'}
                  options={(['contains', 'equal'] as const).map((m) => ({ value: m, label: t(`match.${m}`) }))}
                  onChange={(match) => set(p.i, { match })}
                />
              ) : p.type === 'dictionary' ? (
                <Input
                  size="small"
                  value={p.dictionaryType}
                  maxLength={64}
                  onChange={(e) => set(p.i, { dictionaryType: e.target.value })}
                />
              ) : null,
          },
          {
            title: t('defaultValue'),
            width: 130,
            render: (_, p) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={typeof p.defaultValue === 'string' && p.defaultValue.startsWith('@') ? p.defaultValue : ''}
                options={[
                  { value: '', label: t('default.none') },
                  ...builtinsFor(p.type).map((b) => ({ value: b, label: t(`default.${b}`) })),
                ]}
                onChange={(v: string) => set(p.i, { defaultValue: v || undefined })}
                disabled={!builtinsFor(p.type).length}
                data-testid={`rd-param-default-${p.i}`}
              />
            ),
          },
          {
            title: '',
            width: 44,
            render: (_, p) => (
              <Space>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('remove')}
                  onClick={() => onChange({ ...def, params: def.params.filter((_x, j) => j !== p.i) })}
                />
              </Space>
            ),
          },
        ]}
      />
      <Button
        block
        type="dashed"
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={add}
        disabled={!fields.length || used.size >= fields.length}
        data-testid="rd-add-param"
      >
        {t('addParam')}
      </Button>
    </div>
  );
}
