import type { ReactNode } from 'react';
import { Button, Space, Table, Tooltip, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { scrollWidth } from './columns.ts';
import { useListTexts, type ListLook } from './look.ts';
import { ListSearchBar, type ListSearchProps } from './ListSearchBar.tsx';
import { listPagination } from './pagination.ts';
import { useActionColumn } from './useActionColumn.ts';
import type { ListPaging } from './useListQuery.ts';

export interface ListPageProps<Row> {
  look: ListLook;
  /** data-testid of the page (the browser tests find screens by it). */
  testId: string;
  /** A tree beside the list (categories, organisations). */
  side?: ReactNode;
  search: ListSearchProps;
  /** The screen's buttons (add, import …). */
  toolbar?: ReactNode;
  /** Icon buttons before refresh (expand / fold all). */
  tools?: ReactNode;
  onRefresh: () => void;
  refreshDisabled?: boolean;
  /** The table: columns, rows, loading and whatever else the screen needs. */
  table: TableProps<Row>;
  /** Server-side paging; left out, the table's own `pagination` applies. */
  paging?: ListPaging;
  /** Button codes of the actions column: without any of them the column goes (spec §6). */
  actionCodes?: readonly string[];
  /** Scroll width from the shown columns' widths, this for those without one (so hidden columns leave no gap). */
  flexibleWidth?: number;
  /** The screen's dialogs. */
  children?: ReactNode;
}

/**
 * A list screen: optional side tree, keyword search with the screen's filters,
 * toolbar with refresh, and the table with paging; the screen brings columns,
 * filters, its API calls and its dialogs. Laid out the way its look's family
 * of screens was specified.
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  const { look, testId, side, search, toolbar, tools, onRefresh, refreshDisabled, paging, actionCodes, flexibleWidth, children } = props;
  const t = useListTexts(look);
  const withActions = useActionColumn(actionCodes ?? []);
  const permission = look.kind === 'permission';

  const all = props.table.columns ?? [];
  const columns = actionCodes ? withActions(all) : all;
  const table = (
    <Table<Row>
      rowKey="id"
      size="middle"
      {...(permission ? { className: 'ma-perm-table', locale: { emptyText: t('noData') } } : {})}
      {...props.table}
      columns={columns}
      {...(flexibleWidth !== undefined ? { scroll: { x: scrollWidth(columns, flexibleWidth) } } : {})}
      {...(paging ? { pagination: listPagination(look, t, paging) } : {})}
    />
  );
  const refresh = (
    <Tooltip title={t('refresh')}>
      <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} disabled={refreshDisabled} onClick={onRefresh} />
    </Tooltip>
  );

  if (!permission)
    return (
      <div className="ma-page ma-sys-page" data-testid={testId}>
        <div className="ma-sys-split">
          {side}
          <section className="ma-sys-main">
            <div className="ma-sys-main-head">
              <ListSearchBar look={look} {...search} />
              <Space>
                {toolbar}
                {tools}
                {refresh}
              </Space>
            </div>
            <div className="ma-sys-main-body">{table}</div>
          </section>
        </div>
        {children}
      </div>
    );

  const main = (
    <div className="ma-perm-main">
      <ListSearchBar look={look} {...search} />
      <div className="ma-perm-toolbar">
        <Space>{toolbar}</Space>
        <Space size={4}>
          {tools}
          {refresh}
        </Space>
      </div>
      {table}
    </div>
  );
  return (
    <div className="ma-page ma-perm-page" data-testid={testId}>
      {side ? (
        <div className="ma-perm-split">
          {side}
          {main}
        </div>
      ) : (
        main
      )}
      {children}
    </div>
  );
}
