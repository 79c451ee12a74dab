import { useMemo, useState } from 'react';
import { Button, Empty, Input, Result, Space, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictionaryData } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { useView } from '../../../app/shell/ViewContext.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { usePermission } from '../../../components/auth/usePermission.ts';
import { invalidateDictionaries } from '../../../lookups/dictionaries.ts';
import { flattenTree, parentIds } from '../../../lookups/tree.ts';
import { useConfirmDelete } from '../common/useConfirm.ts';
import { NS } from '../messages.ts';
import { DataFormModal, type DataFormSource } from './DataFormModal.tsx';
import { dataColumns } from './dataColumns.tsx';
import { menuDictionaryApi, type SortEntry } from './menuDictionaryApi.ts';
import { applySort, siblingReorder } from './siblingSort.ts';
import { DragHandle, SortableRow, SortableRows } from './SortableRows.tsx';
import './messages.ts';
import '../common/system.css';

type PageData = Awaited<ReturnType<typeof menuDictionaryApi.list>>['data'];

/**
 * A dictionary page (spec §2.3 menu type 4): the one dictionary the menu
 * names in propertyJson.moduleId, as a list or a tree, edited under the
 * menu's own buttons (add, edit — also enable/disable and sort — and remove).
 * The server checks the same grants; hiding a button is only a convenience.
 */
export default function DictionaryViewPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const menuId = useView()?.meta.modelId ?? '';
  const { hasBtn } = usePermission();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [dialog, setDialog] = useState<{ editing: DictionaryData | null; parentId?: string } | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);

  const key = ['system', 'dictionaryPage', menuId] as const;
  const page = useQuery({
    queryKey: [...key, applied],
    queryFn: async () => (await menuDictionaryApi.list(menuId, applied)).data,
    enabled: !!menuId,
    retry: false,
    // A new keyword keeps the dictionary's title and buttons while its hits load.
    placeholderData: keepPreviousData,
  });
  const type = page.data?.type;
  const rows = useMemo(() => page.data?.list ?? [], [page.data]);
  const isTree = type?.isTree === 1;
  const allExpanded = useMemo(() => parentIds(rows), [rows]);
  const rowIds = useMemo(() => flattenTree(rows).map((r) => r.id), [rows]);
  const canEdit = hasBtn(BUTTON_CODES.edit);
  const readOnly = !canEdit && !hasBtn(BUTTON_CODES.add) && !hasBtn(BUTTON_CODES.remove);
  // Dragging reorders whole sibling groups: not while a keyword shows only some of them.
  const canDrag = canEdit && !applied && rows.length > 1;

  const changed = () => Promise.all([client.invalidateQueries({ queryKey: key }), invalidateDictionaries(client)]);

  const source: DataFormSource = {
    key: `menu:${menuId}`,
    parents: async (_typeId, excludeId) => (await menuDictionaryApi.parentSelector(menuId, excludeId)).data.list,
    save: (id, body) => (id ? menuDictionaryApi.update(menuId, id, body) : menuDictionaryApi.create(menuId, body)),
  };

  const state = useMutation({
    mutationFn: ({ id, enabledMark }: { id: string; enabledMark: 0 | 1 }) => menuDictionaryApi.setState(menuId, id, enabledMark),
    onSuccess: async () => {
      toast.success(t('stateChanged'));
      await changed();
    },
  });

  const sort = useMutation({
    mutationFn: (list: SortEntry[]) => menuDictionaryApi.sort(menuId, list),
    onMutate: (list) => {
      const k = [...key, applied];
      const before = client.getQueryData<PageData>(k);
      if (before) client.setQueryData<PageData>(k, { ...before, list: applySort(before.list, list) });
      return { before, k };
    },
    onError: (_e, _list, ctx) => {
      if (ctx?.before) client.setQueryData(ctx.k, ctx.before);
    },
    onSuccess: () => toast.success(t('dict.page.sorted')),
    onSettled: () => changed(),
  });

  const onMove = (activeId: string, overId: string) => {
    const list = siblingReorder(rows, activeId, overId);
    if (list) sort.mutate(list);
    else toast.info(t('dict.page.siblingsOnly'));
  };

  const remove = (row: DictionaryData) =>
    confirmDelete(
      async () => {
        await menuDictionaryApi.remove(menuId, row.id);
        toast.success(t('deleted'));
        await changed();
      },
      t('dict.page.deleteConfirm', { name: row.fullName }),
    );

  const search = (value: string) => setApplied(value.trim());

  const columns = dataColumns({
    t,
    isTree,
    sorters: false,
    savingStateOf: state.isPending ? state.variables?.id : undefined,
    onState: (row, enabledMark) => state.mutate({ id: row.id, enabledMark }),
    onAddChild: (row) => setDialog({ editing: null, parentId: row.id }),
    onEdit: (row) => setDialog({ editing: row }),
    onRemove: remove,
    noActions: readOnly,
    lead: canDrag ? [{ key: 'drag', width: 44, align: 'center', render: () => <DragHandle label={t('dict.page.drag')} /> }] : [],
  });

  if (page.isError) {
    return (
      <div className="ma-page ma-sys-page" data-testid="ma-dict-view">
        <Result
          status="warning"
          title={t('dict.page.unavailable')}
          subTitle={page.error instanceof Error ? page.error.message : undefined}
          extra={<Button onClick={() => void page.refetch()}>{t('refresh')}</Button>}
        />
      </div>
    );
  }

  const table = (
    <Table<DictionaryData>
      rowKey="id"
      size="middle"
      loading={page.isFetching}
      dataSource={rows}
      columns={columns}
      pagination={false}
      scroll={{ x: 820 }}
      components={canDrag ? { body: { row: SortableRow } } : undefined}
      locale={{
        emptyText: page.isLoading ? (
          <span />
        ) : (
          <Empty description={applied ? t('dict.page.noMatch', { keyword: applied }) : t('dict.page.empty')}>
            {!applied && (
              <Auth code={BUTTON_CODES.add}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>
                  {t('dict.addData')}
                </Button>
              </Auth>
            )}
          </Empty>
        ),
      }}
      expandable={
        isTree
          ? { expandedRowKeys: expanded ?? allExpanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }
          : { childrenColumnName: '__none' }
      }
      data-testid="ma-dict-view-table"
    />
  );

  return (
    <div className="ma-page ma-sys-page" data-testid="ma-dict-view">
      <section className="ma-sys-main">
        <div className="ma-sys-main-head">
          <div className="ma-sys-main-title">
            <span data-testid="ma-dict-view-title">{type?.fullName ?? t('dict.items')}</span>
            {type && <Tag>{type.enCode}</Tag>}
            {type && <Tag color={isTree ? 'purple' : 'default'}>{isTree ? t('dict.tree') : t('dict.flat')}</Tag>}
            {type && readOnly && <Tag color="orange">{t('dict.page.readOnly')}</Tag>}
          </div>
          <Space wrap>
            <Auth code={BUTTON_CODES.add}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!type}
                onClick={() => setDialog({ editing: null })}
                data-testid="ma-dict-view-add"
              >
                {t('dict.addData')}
              </Button>
            </Auth>
          </Space>
        </div>
        <div className="ma-sys-main-body">
          <div className="ma-sys-filters" style={{ marginBottom: 12 }}>
            <Input
              allowClear
              placeholder={t('keyword')}
              value={keyword}
              maxLength={100}
              onChange={(e) => {
                setKeyword(e.target.value);
                if (!e.target.value) search('');
              }}
              onPressEnter={() => search(keyword)}
              data-testid="ma-dict-view-keyword"
            />
            <Button type="primary" onClick={() => search(keyword)}>
              {t('search')}
            </Button>
            <Button
              onClick={() => {
                setKeyword('');
                search('');
              }}
            >
              {t('reset')}
            </Button>
            <div style={{ flex: 1 }} />
            {canDrag && <span style={{ color: 'var(--ant-color-text-secondary, #888)', fontSize: 12 }}>{t('dict.page.dragHint')}</span>}
            {isTree && (
              <Button type="link" onClick={() => setExpanded((e) => (e === null || e.length ? [] : allExpanded))}>
                {expanded === null || expanded.length ? t('collapseAll') : t('expandAll')}
              </Button>
            )}
            <Tooltip title={t('refresh')}>
              <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void page.refetch()} />
            </Tooltip>
          </div>
          {canDrag ? (
            <SortableRows ids={rowIds} onMove={onMove}>
              {table}
            </SortableRows>
          ) : (
            table
          )}
        </div>
      </section>
      {dialog && type && (
        <DataFormModal
          open
          type={type}
          editing={dialog.editing}
          parentId={dialog.parentId}
          source={source}
          onClose={() => setDialog(null)}
          onSaved={() => {
            toast.success(dialog.editing ? t('updated') : t('created'));
            void changed();
          }}
        />
      )}
    </div>
  );
}
