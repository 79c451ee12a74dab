/** The list-screen scaffold: see ListPage.tsx. */
export { ListPage, type ListPageProps } from './ListPage.tsx';
export { ListSearchBar, type ListSearchProps } from './ListSearchBar.tsx';
export { RowActions, type RowAction } from './RowActions.tsx';
export { actionsColumn } from './actionsColumn.tsx';
export { permissionLook, systemLook, useListTexts, type ListLook, type ListTexts } from './look.ts';
export { listPagination } from './pagination.ts';
export { scrollWidth } from './columns.ts';
export { useActionColumn } from './useActionColumn.ts';
export { useListQuery, type ListPaging, type ListQuery } from './useListQuery.ts';
export { useDeleteRow, useListConfirm, useRowState } from './useRowCommands.ts';
