import { useMemo, useState } from 'react';
import { Button, Form, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { tableSummary, type FormField } from '@medalliance/contract';
import { NS } from '../../messages.ts';
import { tableErrors } from '../rules.ts';
import { emptyRow } from '../values.ts';
import { fieldComponent } from './index.ts';
import type { FieldProps } from './types.ts';

type Row = Record<string, unknown>;

/**
 * The editable sub-table (spec §2.6): numbered rows with a delete icon, an
 * add action, required headers with a red asterisk, each cell's own message
 * (once touched or after a submit), and the total row of the summed columns.
 */
export function SubTableField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const rows = useMemo(() => (Array.isArray(value) ? (value as Row[]) : []), [value]);
  const { status } = Form.Item.useStatus();
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const errors = useMemo(() => tableErrors(field, rows, t), [field, rows, t]);
  const columns = (field.children ?? []).filter((c) => c.field);
  const locked = disabled || field.disabled || field.readonly;

  const setCell = (i: number, key: string, v: unknown) => {
    setTouched((s) => new Set(s).add(`${i}:${key}`));
    onChange?.(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  };
  const remove = (i: number) => {
    setTouched(new Set());
    onChange?.(rows.filter((_, j) => j !== i));
  };
  const summary = field.summary?.length ? tableSummary(field, rows) : null;

  return (
    <div id={id} className="lc-subtable" data-testid={`lc-table-${field.field}`}>
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        rowKey={(r) => String(rows.indexOf(r))}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('noData') }}
        columns={[
          { key: '#', title: t('index'), width: 56, align: 'center', render: (_v, _r, i) => i + 1 },
          ...columns.map((col: FormField) => ({
            key: col.field!,
            title: (
              <span>
                {col.required && <span className="lc-required-mark">*</span>}
                {col.label}
              </span>
            ),
            width: typeof col.props?.columnWidth === 'number' ? col.props.columnWidth : undefined,
            render: (_v: unknown, row: Row, i: number) => {
              const Cell = fieldComponent(col.type);
              const key = `${i}:${col.field}`;
              const msg = errors.get(key);
              const shown = msg && (status === 'error' || touched.has(key));
              return (
                <div className={shown ? 'lc-cell lc-cell-error' : 'lc-cell'}>
                  {Cell && (
                    <Cell
                      field={col}
                      value={row[col.field!]}
                      row={row}
                      table={field.field}
                      disabled={locked}
                      onChange={(v) => setCell(i, col.field!, v)}
                    />
                  )}
                  {shown && <div className="lc-cell-msg">{msg}</div>}
                </div>
              );
            },
          })),
          ...(locked
            ? []
            : [
                {
                  key: 'remove',
                  title: '',
                  width: 48,
                  align: 'center' as const,
                  render: (_v: unknown, _r: Row, i: number) => (
                    <Button
                      type="text"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('deleteRow')}
                      onClick={() => remove(i)}
                    />
                  ),
                },
              ]),
        ]}
        summary={
          summary
            ? () => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('summaryTotal')}</Typography.Text>
                  </Table.Summary.Cell>
                  {columns.map((col, i) => (
                    <Table.Summary.Cell key={col.field} index={i + 1}>
                      {summary[col.field!]?.toFixed(2) ?? ''}
                    </Table.Summary.Cell>
                  ))}
                  {!locked && <Table.Summary.Cell index={columns.length + 1} />}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
      {!locked && (
        <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => onChange?.([...rows, emptyRow(field)])}>
          {t('addRow')}
        </Button>
      )}
    </div>
  );
}
