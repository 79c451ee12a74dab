import type { ColumnType } from 'antd/es/table';
import type { ListLook } from './look.ts';
import { RowActions, type RowAction } from './RowActions.tsx';

/**
 * A list's actions column: the row's buttons (each removed when the user may
 * not use it), pinned to the right so they stay in reach while a wide table
 * scrolls. `key: 'actions'` is what ListPage hides when no button is held.
 */
export function actionsColumn<Row>(
  look: ListLook,
  title: string,
  width: number,
  buttons: (row: Row) => { actions: RowAction[]; more?: RowAction[] },
): ColumnType<Row> {
  return {
    title,
    key: 'actions',
    width,
    fixed: 'right',
    render: (_: unknown, row: Row) => <RowActions look={look} {...buttons(row)} />,
  };
}
