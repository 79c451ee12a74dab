import type { ColumnType } from 'antd/es/table';
import { downloadExport } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import type { RowAction } from '../../../components/listPage/index.ts';
import { StateCell } from './StateCell.tsx';

/** The state of a row as useRowState gives it: set, and whether this row's change is under way. */
interface RowState<Row> {
  set: (row: Row, enabledMark: 0 | 1) => void;
  busy: (row: Row) => boolean;
}

/** The status column of the system lists: a switch for those who may edit, a tag for the others. */
export function stateColumn<Row extends { enabledMark: number }>(title: string, state: RowState<Row>): ColumnType<Row> {
  return {
    title,
    dataIndex: 'enabledMark',
    width: 90,
    align: 'center',
    render: (v: number, row: Row) => (
      <StateCell value={v} loading={state.busy(row)} onChange={(enabledMark) => state.set(row, enabledMark)} />
    ),
  };
}

/** The row action that downloads a record as `<name>-<code>.json` and says so when done. */
export function exportAction(texts: { label: string; done: string }, url: string, row: { fullName: string; enCode: string }): RowAction {
  return {
    key: 'export',
    label: texts.label,
    code: 'btn_export',
    onClick: () => void downloadExport(url, `${row.fullName}-${row.enCode}.json`).then(() => toast.success(texts.done)),
  };
}
