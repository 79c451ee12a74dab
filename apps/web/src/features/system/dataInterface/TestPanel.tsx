import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Input, Segmented, Select, Space, Table, Tag } from 'antd';
import { CaretRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InterfaceParamDef } from '@medalliance/contract';
import { dataInterfaceApi, type InterfaceRecord } from '../../../api/system.ts';
import { HttpError } from '../../../api/http.ts';
import { NumberRange } from '../../../components/pickers/data/NumberRange.tsx';
import type { NumberRangeValue } from '../../../components/pickers/data/numberRange.ts';
import { NS } from '../messages.ts';
import { cellText, filterByRange, numericColumns, resultColumns, testParams } from './interfaceForm.ts';
import { PickerPreview } from './PickerPreview.tsx';

interface Props {
  /** The saved interface to call; undefined while it is new. */
  interfaceId: string | undefined;
  params: InterfaceParamDef[];
  /** The editor holds changes that are not saved: the test would run the saved version. */
  dirty: boolean;
  /** Saves the editor; resolves with the id, or undefined when it could not save. */
  save: () => Promise<string | undefined>;
}

const ROW_KEY = '__maRowKey';

interface Outcome {
  rows: InterfaceRecord[];
  ms: number;
  error: string | null;
}

/**
 * The test panel: parameter values and a keyword, a run of the saved
 * interface (Actions/Preview), then the rows as a table (or JSON) or the
 * error the server reported, with the time it took.
 */
export function TestPanel({ interfaceId, params, dirty, save }: Props) {
  const { t } = useTranslation(NS);
  const [values, setValues] = useState<Record<string, string>>({});
  const [keyword, setKeyword] = useState('');
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [view, setView] = useState<'table' | 'json'>('table');
  const [rangeColumn, setRangeColumn] = useState<string>();
  const [range, setRange] = useState<NumberRangeValue>([]);

  const run = async (id: string | undefined) => {
    if (!id) return;
    setRunning(true);
    const started = performance.now();
    try {
      const res = await dataInterfaceApi.preview(id, { keyword, paramList: testParams(values), origin: 'preview' });
      setOutcome({ rows: Array.isArray(res.data) ? res.data : [], ms: Math.round(performance.now() - started), error: null });
    } catch (err) {
      setOutcome({ rows: [], ms: Math.round(performance.now() - started), error: err instanceof HttpError ? err.message : String(err) });
    } finally {
      setRunning(false);
    }
  };

  const go = () => void (dirty || !interfaceId ? save().then(run) : run(interfaceId));
  const rows = useMemo(() => outcome?.rows ?? [], [outcome]);
  const columns = useMemo(() => resultColumns(rows), [rows]);
  const numeric = useMemo(() => numericColumns(rows), [rows]);
  const shown = useMemo(
    () => filterByRange(rows, rangeColumn, range).map((r, i) => ({ ...r, [ROW_KEY]: String(i) })),
    [rows, rangeColumn, range],
  );

  return (
    <div data-testid="ma-di-test">
      {!interfaceId && <Alert type="info" showIcon title={t('di.saveToTest')} style={{ marginBottom: 12 }} />}
      {interfaceId && dirty && <Alert type="warning" showIcon title={t('di.unsavedTest')} style={{ marginBottom: 12 }} />}
      <div className="ma-di-test-params">
        {params.map((p) => (
          <label key={p.field} className="ma-di-test-param">
            <span className={p.required ? 'is-required' : undefined}>{p.fieldName || p.field}</span>
            <Input
              value={values[p.field] ?? ''}
              placeholder={p.defaultValue === null || p.defaultValue === undefined ? t(`di.type.${p.dataType}`) : String(p.defaultValue)}
              onChange={(e) => setValues((v) => ({ ...v, [p.field]: e.target.value }))}
              onPressEnter={(e) => (e.preventDefault(), go())}
              style={{ width: 160 }}
            />
          </label>
        ))}
        <label className="ma-di-test-param">
          <span>{t('di.testKeyword')}</span>
          <Input
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={(e) => (e.preventDefault(), go())}
            style={{ width: 160 }}
          />
        </label>
        <Button type="primary" icon={<CaretRightOutlined />} loading={running} onClick={go} data-testid="ma-di-run">
          {dirty || !interfaceId ? t('di.saveAndRun') : t('di.run')}
        </Button>
      </div>
      {outcome ? (
        outcome.error ? (
          <Alert
            type="error"
            showIcon
            title={t('di.testFailed', { ms: outcome.ms })}
            description={<div className="ma-sys-error">{outcome.error}</div>}
            data-testid="ma-di-error"
          />
        ) : (
          <>
            <Space wrap style={{ margin: '4px 0 8px' }}>
              <Tag color="success">{t('di.testOk', { count: outcome.rows.length, ms: outcome.ms })}</Tag>
              <Segmented
                size="small"
                value={view}
                onChange={(v) => setView(v as 'table' | 'json')}
                options={[
                  { value: 'table', label: t('di.viewTable') },
                  { value: 'json', label: 'JSON' },
                ]}
              />
              {numeric.length > 0 && view === 'table' && (
                <Space size={6}>
                  <span className="ma-sys-hint">{t('di.rangeFilter')}</span>
                  <Select
                    size="small"
                    allowClear
                    style={{ width: 140 }}
                    value={rangeColumn}
                    onChange={setRangeColumn}
                    options={numeric.map((c) => ({ value: c, label: c }))}
                    placeholder={t('di.column')}
                  />
                  <div style={{ width: 240 }}>
                    <NumberRange value={range} onChange={setRange} disabled={!rangeColumn} />
                  </div>
                </Space>
              )}
            </Space>
            {view === 'table' ? (
              <Table<InterfaceRecord>
                size="small"
                rowKey={ROW_KEY}
                dataSource={shown}
                scroll={{ x: 'max-content', y: 320 }}
                pagination={{ pageSize: 50, size: 'small', hideOnSinglePage: true, showSizeChanger: false }}
                columns={columns.map((c) => ({
                  title: c,
                  dataIndex: c,
                  ellipsis: true,
                  sorter: (a: InterfaceRecord, b: InterfaceRecord) => cellText(a[c]).localeCompare(cellText(b[c]), 'zh', { numeric: true }),
                  render: (v: unknown) => cellText(v),
                }))}
                data-testid="ma-di-result"
              />
            ) : (
              <pre className="ma-sys-code ma-di-json">{JSON.stringify(rows.slice(0, 200), null, 2)}</pre>
            )}
            {interfaceId && rows.length > 0 && <PickerPreview interfaceId={interfaceId} columns={columns} />}
          </>
        )
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('di.testEmpty')} />
      )}
    </div>
  );
}
