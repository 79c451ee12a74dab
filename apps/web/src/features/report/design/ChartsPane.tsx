import { Button, Card, Form, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPORT_CHART_KINDS } from '@medalliance/contract';
import { NS } from '../messages.ts';
import { patchAt, type ChartInput, type Draft } from './draft.ts';

type Def = Draft['definition'];

/** Charts over the report's data: kind, category, values (summed like their columns), position beside the table. */
export function ChartsPane({ def, onChange }: { def: Def; onChange: (d: Def) => void }) {
  const { t } = useTranslation(NS);
  const columnOptions = def.columns.map((c) => ({ value: c.field, label: c.title }));
  const set = (i: number, patch: Partial<ChartInput>) => onChange({ ...def, charts: patchAt(def.charts, i, patch) });
  const add = () => {
    const category = def.grouping.groupBy[0] ?? def.columns[0]?.field ?? '';
    const value =
      def.columns.find((c) => c.aggregate && c.field !== category)?.field ?? def.columns.find((c) => c.field !== category)?.field;
    onChange({ ...def, charts: [...def.charts, { kind: 'bar', category, values: value ? [value] : [], position: 'top' }] });
  };
  return (
    <div>
      {def.charts.map((c, i) => (
        <Card
          key={i}
          size="small"
          style={{ marginBottom: 8 }}
          title={
            <Input
              size="small"
              value={c.title ?? ''}
              placeholder={t('title')}
              maxLength={100}
              onChange={(e) => set(i, { title: e.target.value || undefined })}
            />
          }
          extra={
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('remove')}
              onClick={() => onChange({ ...def, charts: def.charts.filter((_x, j) => j !== i) })}
            />
          }
          data-testid={`rd-chart-${i}`}
        >
          <Form layout="vertical" component="div" size="small">
            <Form.Item label={t('chartKind')}>
              <Select
                value={c.kind}
                options={REPORT_CHART_KINDS.map((k) => ({ value: k, label: t(`chart.${k}`) }))}
                onChange={(kind) => set(i, { kind })}
                data-testid={`rd-chart-kind-${i}`}
              />
            </Form.Item>
            <Form.Item label={t('chartCategory')}>
              <Select
                showSearch
                optionFilterProp="label"
                value={c.category}
                options={columnOptions}
                onChange={(category: string) => set(i, { category })}
                data-testid={`rd-chart-category-${i}`}
              />
            </Form.Item>
            <Form.Item label={t('chartValues')}>
              <Select
                mode="multiple"
                optionFilterProp="label"
                maxCount={8}
                value={c.values}
                options={columnOptions}
                onChange={(values: string[]) => set(i, { values })}
                data-testid={`rd-chart-values-${i}`}
              />
            </Form.Item>
            {c.kind === 'barLine' && (
              <Form.Item label={t('chartLines')}>
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  value={c.lines ?? []}
                  options={columnOptions.filter((o) => c.values.includes(o.value))}
                  onChange={(lines: string[]) => set(i, { lines })}
                />
              </Form.Item>
            )}
            <Form.Item label={t('chartPosition')}>
              <Select
                value={c.position}
                options={(['top', 'left', 'right'] as const).map((p) => ({ value: p, label: t(`position.${p}`) }))}
                onChange={(position) => set(i, { position })}
              />
            </Form.Item>
          </Form>
        </Card>
      ))}
      <Button
        block
        type="dashed"
        icon={<PlusOutlined />}
        onClick={add}
        disabled={!def.columns.length || def.charts.length >= 4}
        data-testid="rd-add-chart"
      >
        {t('addChart')}
      </Button>
    </div>
  );
}
