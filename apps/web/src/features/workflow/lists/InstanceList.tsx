import { useCallback, useState, type ReactNode } from 'react';
import { Button, Empty, Result, Tag, Tooltip, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Envelope, PageResult } from '@medalliance/contract';
import { actionsColumn, ListPage, useListQuery, type ListLook, type RowAction } from '../../../components/listPage/index.ts';
import { formatTime } from '../../permission/shared/formatTime.ts';
import type { FlowRow, ListParams } from './api.ts';
import { FlowFilterBar, type FilterSet } from './FlowFilterBar.tsx';
import { filterQuery, sorterToSort, type FlowFilters, type FlowSort } from './filters.ts';
import { detailPathOf, personName, type ListKind } from './links.ts';
import { NS } from './messages.ts';
import { FlowStatusTag, FlowUrgencyTag } from '../../../components/flowTags/FlowTags.tsx';
import '../../system/common/system.css';
import './lists.css';

export const look: ListLook = { kind: 'system', ns: NS, prefix: '' };

/** What a screen's toolbar, row actions and dialogs get from the list. */
export interface ListContext {
  selected: FlowRow[];
  clearSelection: () => void;
  /** Reloads the page shown; resolves once the rows are back. */
  refresh: () => Promise<unknown>;
  open: (row: FlowRow) => void;
}

export interface InstanceListProps {
  kind: ListKind;
  testId: string;
  load: (params: ListParams) => Promise<Envelope<PageResult<FlowRow>>>;
  filters: FilterSet;
  /** Columns of this list, shown after the common ones. */
  extraColumns?: ColumnsType<FlowRow>;
  rowActions?: (row: FlowRow, ctx: ListContext) => { actions: RowAction[]; more?: RowAction[] };
  actionsWidth?: number;
  /** Rows can be ticked (batch actions); the predicate says which. */
  selectable?: (row: FlowRow) => boolean;
  toolbar?: (ctx: ListContext) => ReactNode;
  /** The screen's dialogs. */
  children?: (ctx: ListContext) => ReactNode;
}

/**
 * The one list behind to-do, done, circulated, launched and monitor: the
 * columns every instance row shares (title, flow, current node, starter,
 * started at, urgency, status), the filters, paging and sorting in SQL on the
 * server, loading, empty and error states, and the row opening the flow
 * detail page. Each screen adds its columns, actions and dialogs.
 */
export function InstanceList(props: InstanceListProps) {
  const { kind, testId, load, filters, extraColumns = [], rowActions, actionsWidth = 160, selectable, toolbar, children } = props;
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const q = useListQuery<FlowFilters>({});
  const [sort, setSort] = useState<FlowSort | null>(null);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const params = filterQuery(q.query, q.query, sort);
  const list = useQuery({
    queryKey: ['workflow', 'list', kind, params],
    queryFn: async () => (await load(params)).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const rows = list.data?.list ?? [];
  const refresh = useCallback(() => list.refetch(), [list]);
  const ctx: ListContext = {
    selected: rows.filter((r) => selectedKeys.includes(r.id)),
    clearSelection: () => setSelectedKeys([]),
    refresh,
    open: (row) => void navigate(detailPathOf(kind, row)),
  };

  const sorted = (field: string): 'ascend' | 'descend' | null =>
    sort?.sidx === field ? (sort.sort === 'asc' ? 'ascend' : 'descend') : null;
  const columns: ColumnsType<FlowRow> = [
    {
      title: t('col.title'),
      dataIndex: 'fullName',
      width: 220,
      ellipsis: { showTitle: false },
      // A delegated to-do shows the bare title and says who entrusted it in a tag (fullName has it appended).
      render: (v: string, r) => (
        <span className="wf-title-cell">
          <Tooltip title={v}>
            <a onClick={() => ctx.open(r)} data-testid="wf-row-open">
              {r.delegatorName && r.title ? r.title : v}
            </a>
          </Tooltip>
          {r.delegatorName && <Tag color="purple">{t('delegatedFrom', { name: r.delegatorName })}</Tag>}
          {!!r.suspended && <Tag color="warning">{t('suspended')}</Tag>}
        </span>
      ),
    },
    { title: t('col.flow'), dataIndex: 'flowName', width: 140, ellipsis: true },
    { title: t('col.node'), dataIndex: 'thisStep', width: 120, ellipsis: true },
    { title: t('col.starter'), dataIndex: 'userName', width: 90, ellipsis: true, render: (v: string) => personName(v) },
    {
      title: t('col.startedAt'),
      dataIndex: 'startTime',
      width: 140,
      sorter: true,
      sortOrder: sorted('startTime'),
      render: (v: number) => formatTime(v),
    },
    {
      title: t('col.urgency'),
      dataIndex: 'flowUrgent',
      width: 96,
      sorter: true,
      sortOrder: sorted('flowUrgent'),
      render: (v: number) => <FlowUrgencyTag urgency={v} />,
    },
    {
      title: t('col.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: number) => <FlowStatusTag status={v} data-testid="wf-status" />,
    },
    ...extraColumns.map((c) => ('dataIndex' in c && c.sorter ? { ...c, sortOrder: sorted(String(c.dataIndex)) } : c)),
    ...(rowActions ? [actionsColumn<FlowRow>(look, t('actions'), actionsWidth, (r) => rowActions(r, ctx))] : []),
  ];

  const onTableChange: TableProps<FlowRow>['onChange'] = (pagination, _f, sorter) => {
    const next = sorterToSort(Array.isArray(sorter) ? sorter[0] : sorter);
    if (JSON.stringify(next) !== JSON.stringify(sort)) {
      setSort(next);
      q.page(1, pagination.pageSize ?? q.query.pageSize);
    } else q.page(pagination.current ?? 1, pagination.pageSize ?? q.query.pageSize);
  };

  const emptyText = list.isError ? (
    <Result
      status="warning"
      title={t('loadFailed')}
      subTitle={(list.error as Error | null)?.message}
      extra={
        <Button onClick={() => void refresh()} data-testid="wf-retry">
          {t('retry')}
        </Button>
      }
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
  );

  return (
    <ListPage<FlowRow>
      look={look}
      testId={testId}
      search={{
        onSearch: (k) => q.search(k),
        onReset: () => {
          setSort(null);
          q.search('', {
            flowId: undefined,
            flowCategory: undefined,
            status: undefined,
            flowUrgent: undefined,
            range: null,
            creatorUserId: undefined,
          });
        },
        filters: <FlowFilterBar value={q.query} onChange={(patch) => q.filter(patch)} show={filters} />,
      }}
      toolbar={toolbar?.(ctx)}
      onRefresh={() => void refresh()}
      table={{
        rowKey: 'id',
        loading: list.isFetching,
        dataSource: list.isError ? [] : rows,
        columns,
        onChange: onTableChange,
        locale: { emptyText },
        ...(selectable
          ? {
              rowSelection: {
                selectedRowKeys: selectedKeys,
                onChange: (keys) => setSelectedKeys(keys.map(String)),
                getCheckboxProps: (r: FlowRow) => ({ disabled: !selectable(r) }),
              },
            }
          : {}),
      }}
      flexibleWidth={160}
      paging={q.paging(list.data?.pagination.total ?? 0, null)}
    >
      {children?.(ctx)}
    </ListPage>
  );
}
