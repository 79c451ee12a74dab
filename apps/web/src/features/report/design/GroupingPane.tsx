import { Button, Card, Form, Input, InputNumber, Select, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';
import { patchAt, type Draft } from './draft.ts';

type Def = Draft['definition'];

/** Group-by fields, subtotals and grand total, merged header groups, and the page size. */
export function GroupingPane({ def, onChange }: { def: Def; onChange: (d: Def) => void }) {
  const { t } = useTranslation(NS);
  const columnOptions = def.columns.map((c) => ({ value: c.field, label: c.title }));
  const setGrouping = (patch: Partial<Def['grouping']>) => onChange({ ...def, grouping: { ...def.grouping, ...patch } });
  const setGroup = (i: number, patch: Partial<Def['headerGroups'][number]>) =>
    onChange({ ...def, headerGroups: patchAt(def.headerGroups, i, patch) });
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('groupBy')}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          maxCount={5}
          value={def.grouping.groupBy}
          options={columnOptions}
          onChange={(groupBy: string[]) => setGrouping({ groupBy })}
          data-testid="rd-groupby"
        />
      </Form.Item>
      <Form.Item>
        <Switch checked={def.grouping.subtotals} onChange={(subtotals) => setGrouping({ subtotals })} data-testid="rd-subtotals" />{' '}
        {t('subtotals')}
        <span style={{ display: 'inline-block', width: 24 }} />
        <Switch checked={def.grouping.grandTotal} onChange={(grandTotal) => setGrouping({ grandTotal })} data-testid="rd-grandtotal" />{' '}
        {t('grandTotal')}
      </Form.Item>
      <Form.Item label={t('pageSize')}>
        <InputNumber min={5} max={500} value={def.pageSize} onChange={(pageSize) => onChange({ ...def, pageSize: pageSize ?? 20 })} />
      </Form.Item>
      <Form.Item label={t('headerGroups')}>
        {def.headerGroups.map((g, i) => (
          <Card
            key={i}
            size="small"
            style={{ marginBottom: 8 }}
            extra={
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('remove')}
                onClick={() => onChange({ ...def, headerGroups: def.headerGroups.filter((_x, j) => j !== i) })}
              />
            }
            title={
              <Input
                size="small"
                value={g.title}
                placeholder={t('title')}
                maxLength={100}
                onChange={(e) => setGroup(i, { title: e.target.value })}
                data-testid={`rd-header-title-${i}`}
              />
            }
          >
            <Select
              mode="multiple"
              optionFilterProp="label"
              style={{ width: '100%' }}
              placeholder={t('headerFields')}
              value={g.fields}
              options={columnOptions}
              onChange={(fields: string[]) => setGroup(i, { fields })}
              data-testid={`rd-header-fields-${i}`}
            />
          </Card>
        ))}
        <Button
          block
          type="dashed"
          icon={<PlusOutlined />}
          disabled={!def.columns.length}
          onClick={() => onChange({ ...def, headerGroups: [...def.headerGroups, { title: t('headerGroups'), fields: [] }] })}
          data-testid="rd-add-header"
        >
          {t('addHeader')}
        </Button>
      </Form.Item>
    </Form>
  );
}
