import { Button, Checkbox, Input, InputNumber, Select, Space, Table } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPORT_AGGREGATES, REPORT_FORMATS, type ReportColumn, type ReportSourceField } from '@medalliance/contract';
import { NS } from '../messages.ts';
import { columnFor, firstUnused, move, patchAt, withoutColumn, type Draft } from './draft.ts';

type Def = Draft['definition'];

/** The report's columns: field, title, format, width, alignment, summary, sortable; add, order and remove. */
export function ColumnsPane({ def, fields, onChange }: { def: Def; fields: ReportSourceField[]; onChange: (d: Def) => void }) {
  const { t } = useTranslation(NS);
  const used = new Set(def.columns.map((c) => c.field));
  const set = (i: number, patch: Partial<ReportColumn>) => onChange({ ...def, columns: patchAt(def.columns, i, patch) });
  const add = () => {
    const f = firstUnused(fields, used);
    if (f) onChange({ ...def, columns: [...def.columns, columnFor(f)] });
  };
  return (
    <div>
      <Table<ReportColumn & { i: number }>
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={def.columns.map((c, i) => ({ ...c, i }))}
        scroll={{ x: 860 }}
        columns={[
          {
            title: t('field'),
            width: 150,
            render: (_, c) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={c.field}
                showSearch
                optionFilterProp="label"
                options={fields.map((f) => ({ value: f.field, label: f.label, disabled: used.has(f.field) && f.field !== c.field }))}
                onChange={(field: string) => {
                  const f = fields.find((x) => x.field === field)!;
                  set(c.i, { ...columnFor(f), aggregate: c.aggregate });
                }}
                data-testid={`rd-col-field-${c.i}`}
              />
            ),
          },
          {
            title: t('title'),
            width: 140,
            render: (_, c) => (
              <Input
                size="small"
                value={c.title}
                maxLength={100}
                onChange={(e) => set(c.i, { title: e.target.value })}
                data-testid={`rd-col-title-${c.i}`}
              />
            ),
          },
          {
            title: t('format'),
            width: 120,
            render: (_, c) => (
              <Select
                size="small"
                allowClear
                style={{ width: '100%' }}
                value={c.format}
                options={REPORT_FORMATS.map((f) => ({ value: f, label: t(`format.${f}`) }))}
                onChange={(format) => set(c.i, { format })}
              />
            ),
          },
          {
            title: t('aggregate'),
            width: 110,
            render: (_, c) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={c.aggregate ?? ''}
                showSearch
                optionFilterProp="label"
                options={[{ value: '', label: t('agg.none') }, ...REPORT_AGGREGATES.map((a) => ({ value: a, label: t(`agg.${a}`) }))]}
                onChange={(a: string) => set(c.i, { aggregate: (a || undefined) as ReportColumn['aggregate'] })}
                data-testid={`rd-col-agg-${c.i}`}
              />
            ),
          },
          {
            title: t('width'),
            width: 90,
            render: (_, c) => (
              <InputNumber size="small" min={40} max={800} value={c.width} onChange={(w) => set(c.i, { width: w ?? undefined })} />
            ),
          },
          {
            title: t('align'),
            width: 90,
            render: (_, c) => (
              <Select
                size="small"
                allowClear
                style={{ width: '100%' }}
                value={c.align}
                options={(['left', 'center', 'right'] as const).map((a) => ({ value: a, label: t(`align.${a}`) }))}
                onChange={(align) => set(c.i, { align })}
              />
            ),
          },
          {
            title: t('sortable'),
            width: 70,
            render: (_, c) => <Checkbox checked={c.sortable !== false} onChange={(e) => set(c.i, { sortable: e.target.checked })} />,
          },
          {
            title: '',
            width: 96,
            fixed: 'right',
            render: (_, c) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('up')}
                  onClick={() => onChange({ ...def, columns: move(def.columns, c.i, -1) })}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('down')}
                  onClick={() => onChange({ ...def, columns: move(def.columns, c.i, 1) })}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('remove')}
                  onClick={() => onChange(withoutColumn(def, c.field))}
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
        disabled={used.size >= fields.length}
        data-testid="rd-add-column"
      >
        {t('addColumn')}
      </Button>
    </div>
  );
}
