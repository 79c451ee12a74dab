import { useMemo } from 'react';
import { Table } from 'antd';
import type { ColumnsType, ColumnType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import {
  displayColumns,
  formatReportValue,
  headerRow,
  interleaveSubtotals,
  type ReportColumn,
  type ReportRunResult,
} from '@medalliance/contract';
import { NS } from '../messages.ts';

type TableRow = Record<string, unknown> & { __key: string; __kind: 'row' | 'subtotal' };

interface Props {
  result: ReportRunResult | undefined;
  loading: boolean;
  sidx: string;
  sort: 'asc' | 'desc';
  onChange: (page: { currentPage: number; pageSize: number; sidx: string; sort: 'asc' | 'desc' }) => void;
}

/** The report's table: merged header groups, sortable columns, subtotal rows in place and the grand total as its summary row. */
export function ReportTable({ result, loading, sidx, sort, onChange }: Props) {
  const { t } = useTranslation(NS);
  const def = result?.definition;
  const columns = useMemo(() => (def ? displayColumns(def) : []), [def]);
  const groupBy = useMemo(() => def?.grouping.groupBy ?? [], [def]);
  const labels = useMemo(() => result?.labels ?? {}, [result]);

  const data = useMemo<TableRow[]>(() => {
    if (!result) return [];
    return interleaveSubtotals(result.rows, result.subtotals, groupBy).map((item, i) => {
      if (item.kind === 'row') return { ...item.row, __key: `r${i}`, __kind: 'row' };
      const s = item.subtotal;
      const label = columns[Math.min(s.level, columns.length - 1)]?.field;
      return {
        ...s.keys,
        ...s.values,
        ...(label && !(label in s.keys) ? { [label]: `__subtotal` } : {}),
        __key: `s${i}`,
        __kind: 'subtotal',
      };
    });
  }, [result, groupBy, columns]);

  const tableColumns = useMemo<ColumnsType<TableRow>>(() => {
    const sortable = (c: ReportColumn) => (groupBy.length ? true : c.sortable !== false);
    const leaf = (c: ReportColumn): ColumnType<TableRow> => ({
      key: c.field,
      dataIndex: c.field,
      title: c.title,
      width: c.width,
      align: c.align,
      ellipsis: true,
      sorter: sortable(c),
      sortOrder: sidx === c.field ? (sort === 'asc' ? 'ascend' : 'descend') : null,
      render: (v: unknown) => (v === '__subtotal' ? t('subtotal') : formatReportValue(c, v, labels)),
    });
    const top = headerRow(columns, def?.headerGroups ?? []);
    if (!top) return columns.map(leaf);
    return top.map((cell) =>
      cell.both
        ? leaf(columns[cell.col]!)
        : {
            key: `g${cell.col}`,
            title: cell.title,
            align: 'center' as const,
            children: columns.slice(cell.col, cell.col + cell.span).map(leaf),
          },
    );
  }, [columns, def, groupBy.length, labels, sidx, sort, t]);

  const total = result?.total;
  const pagination: TablePaginationConfig = {
    current: result?.pagination.currentPage ?? 1,
    pageSize: result?.pagination.pageSize ?? def?.pageSize ?? 20,
    total: result?.pagination.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (n) => t('total', { total: n }),
    size: 'small',
  };
  return (
    <Table<TableRow>
      className="report-table"
      data-testid="report-table"
      size="small"
      bordered
      rowKey="__key"
      loading={loading}
      columns={tableColumns}
      dataSource={data}
      scroll={{ x: 'max-content' }}
      rowClassName={(r) => (r.__kind === 'subtotal' ? 'report-subtotal-row' : '')}
      locale={{ emptyText: t('noData') }}
      pagination={pagination}
      onChange={(p, _f, sorter) => {
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TableRow> | undefined;
        const field = s?.order ? String(s.columnKey ?? s.field ?? '') : '';
        onChange({ currentPage: p.current ?? 1, pageSize: p.pageSize ?? 20, sidx: field, sort: s?.order === 'descend' ? 'desc' : 'asc' });
      }}
      summary={() =>
        total && data.length ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="report-total-row" data-testid="report-total-row">
              {columns.map((c, i) => (
                <Table.Summary.Cell key={c.field} index={i} align={c.align}>
                  {i === 0
                    ? t('grandTotalRow')
                    : Object.hasOwn(total, c.field) && !groupBy.includes(c.field)
                      ? formatReportValue(c, total[c.field], labels)
                      : ''}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
