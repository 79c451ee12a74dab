import { useMemo, useState } from 'react';
import { Button, Result, Tooltip, type TableProps } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, PrinterOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../i18n/index.ts';
import { onlineDevApi, type ModelConfig, type RecordRow } from '../../api/onlineDev.ts';
import { toast } from '../../app/feedback.ts';
import { useUser } from '../../app/stores/userStore.ts';
import { usePermission } from '../../components/auth/usePermission.ts';
import {
  ListPage,
  RowActions,
  scrollWidth,
  useDeleteRow,
  useListConfirm,
  useListQuery,
  type ListLook,
} from '../../components/listPage/index.ts';
// The system-data screens' layout: the generated lists share their head row, filters and side tree.
import '../../features/system/common/system.css';
import { NS } from '../messages.ts';
import { RecordPrint } from '../renderer/RecordPrint.tsx';
import { ColumnSettings, loadHidden, saveHidden } from './ColumnSettings.tsx';
import { DetailDialog } from './DetailDialog.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { modelFlowApi } from './flowApi.ts';
import { canSubmit, flowStateOf, isLocked } from './flowState.ts';
import './flowMessages.ts';
import { fieldsByKey, flowStateColumn, shownColumns, tableColumns } from './listColumns.tsx';
import { buildQueryJson, type SearchValues } from './queryJson.ts';
import { RecordDialog } from './RecordDialog.tsx';
import { SearchInput } from './SearchInput.tsx';
import { SubmitFlowDialog } from './SubmitFlowDialog.tsx';
import { TreePane } from './TreePane.tsx';

/** Generated lists speak from the lowcode namespace, laid out like the system-data screens. */
export const lowcodeLook: ListLook = { kind: 'system', ns: NS, prefix: '' };

/** The button codes a generated page checks (spec §6; the server checks the same codes). */
export const MODEL_BUTTONS = {
  add: 'btn_add',
  edit: 'btn_edit',
  remove: 'btn_remove',
  detail: 'btn_detail',
  export: 'btn_export',
  import: 'btn_import',
  // The server deletes a batch under the delete grant and prints through the detail read.
  batchRemove: 'btn_remove',
  batchPrint: 'btn_detail',
} as const;

/** Above this many rows on a page the table renders only the rows in view. */
const VIRTUAL_FROM = 100;

interface Filters {
  queryJson: Record<string, unknown>;
  sidx: string;
  sort: 'asc' | 'desc';
  treeId: string | undefined;
  /** The designed page size starts the list (useListQuery takes it over its default). */
  pageSize?: number;
}

type Dialog =
  | { kind: 'form'; id: string | null }
  | { kind: 'detail'; id: string }
  | { kind: 'export' }
  | { kind: 'import' }
  | { kind: 'columns' }
  | { kind: 'print'; ids: string[] }
  | { kind: 'submit'; id: string }
  | null;

export function ModelList({ modelId, menuId, config, title }: { modelId: string; menuId?: string; config: ModelConfig; title: string }) {
  const { t } = useTranslation(NS);
  const { formData: form, columnData: list } = config;
  const { hasBtn } = usePermission();
  const { query, setQuery, search, filter, paging } = useListQuery<Filters>({
    queryJson: {},
    sidx: list.defaultSort?.field ?? '',
    sort: list.defaultSort?.order ?? 'desc',
    treeId: undefined,
    pageSize: list.pageSize,
  });
  const pageSize = query.pageSize;
  const [draft, setDraft] = useState<SearchValues>({});
  const [hidden, setHidden] = useState(() => loadHidden(modelId));
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);

  const lang = useLanguage();
  const fields = useMemo(() => fieldsByKey(form, lang), [form, lang]);
  const body = {
    menuId,
    currentPage: query.currentPage,
    pageSize,
    keyword: query.keyword,
    sidx: query.sidx,
    sort: query.sort,
    queryJson: list.tree && query.treeId ? { ...query.queryJson, [list.tree.relationField]: query.treeId } : query.queryJson,
  };
  const rows = useQuery({
    queryKey: ['lowcode', 'list', modelId, body],
    queryFn: async () => (await onlineDevApi.list(modelId, body)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => rows.refetch();
  // Workflow-enabled: the model has enabled flows, or rows that were submitted before its flows were switched off.
  const flows = useQuery({
    queryKey: ['lowcode', 'flows', modelId, menuId],
    queryFn: () => modelFlowApi.flows(modelId, menuId),
    staleTime: 60_000,
  });
  const flowList = flows.data ?? [];
  const withFlow = flowList.length > 0 || !!rows.data?.list.some((r) => flowStateOf(r.flowState) !== 0);
  const me = useUser((s) => s.userInfo?.userId);
  const navigate = useNavigate();

  // Config already leaves out the columns and form fields the user may not see (the server's column and form grants).
  const designed = shownColumns(list, new Set());
  const columns = shownColumns(list, hidden);
  // Buttons follow the grants where the list designer switched button permission on, as the server does.
  const code = (name: keyof typeof MODEL_BUTTONS) => (list.useButtonPermission ? MODEL_BUTTONS[name] : null);
  const btn = (name: keyof typeof MODEL_BUTTONS) => !list.useButtonPermission || hasBtn(MODEL_BUTTONS[name]);
  const toolbarOn = (b: (typeof list.buttons)[number]) => list.buttons.includes(b) && btn(b);
  const selectable = toolbarOn('batchRemove') || toolbarOn('batchPrint');

  const confirm = useListConfirm(lowcodeLook);
  const removeRow = useDeleteRow<RecordRow>(lowcodeLook, (r) => onlineDevApi.remove(modelId, r.id, menuId), refresh);
  const removeSelected = () =>
    selected.length
      ? confirm(t('deleteConfirm'), async () => {
          await onlineDevApi.batchDelete(modelId, selected, menuId);
          toast.success(t('deleted'));
          setSelected([]);
          await refresh();
        })
      : toast.warning(t('selectRows'));

  /** Held by its flow (waiting, approved, terminated): edit and delete are refused here as on the server. */
  const locked = (row: RecordRow) => (withFlow && isLocked(row.flowState) ? { disabled: true, tooltip: t('flow.locked') } : {});
  const tableCols: TableProps<RecordRow>['columns'] = [
    ...tableColumns(columns, fields, query, t, lang),
    ...(withFlow ? [flowStateColumn(t, me, (path) => void navigate(path))] : []),
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      // Submit, edit, detail and delete side by side fit in English too.
      width: withFlow ? 240 : 150,
      render: (_v: unknown, row: RecordRow) => (
        <RowActions
          look={lowcodeLook}
          actions={[
            ...(flowList.length && canSubmit(row.flowState)
              ? [
                  {
                    key: 'submit',
                    label: t('flow.submit'),
                    code: null,
                    testId: 'lc-row-submit',
                    onClick: () => setDialog({ kind: 'submit', id: row.id }),
                  },
                ]
              : []),
            ...(list.rowButtons.includes('edit')
              ? [
                  {
                    key: 'edit',
                    code: code('edit'),
                    testId: 'lc-row-edit',
                    onClick: () => setDialog({ kind: 'form', id: row.id }),
                    ...locked(row),
                  },
                ]
              : []),
            ...(list.rowButtons.includes('detail')
              ? [
                  {
                    key: 'detail',
                    label: t('detail'),
                    code: code('detail'),
                    testId: 'lc-row-detail',
                    onClick: () => setDialog({ kind: 'detail', id: row.id }),
                  },
                ]
              : []),
            ...(list.rowButtons.includes('remove')
              ? [{ key: 'delete', code: code('remove'), testId: 'lc-row-delete', onClick: () => removeRow(row), ...locked(row) }]
              : []),
          ]}
        />
      ),
    },
  ];
  /** What the record dialogs share. */
  const record = { modelId, menuId, definition: form, title, onClose: () => setDialog(null) };
  const many = (rows.data?.list.length ?? 0) > VIRTUAL_FROM;
  const width = scrollWidth(tableCols, 160);

  const toolbar = (
    <>
      {toolbarOn('add') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'form', id: null })} data-testid="lc-add">
          {t('add')}
        </Button>
      )}
      {toolbarOn('export') && (
        <Button icon={<DownloadOutlined />} onClick={() => setDialog({ kind: 'export' })}>
          {t('export')}
        </Button>
      )}
      {toolbarOn('import') && (
        <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import' })}>
          {t('import')}
        </Button>
      )}
      {toolbarOn('batchRemove') && (
        <Button danger icon={<DeleteOutlined />} onClick={removeSelected}>
          {t('batchRemove')}
        </Button>
      )}
      {toolbarOn('batchPrint') && (
        <Button
          icon={<PrinterOutlined />}
          onClick={() => (selected.length ? setDialog({ kind: 'print', ids: selected }) : toast.warning(t('selectRows')))}
        >
          {t('batchPrint')}
        </Button>
      )}
    </>
  );

  return (
    <ListPage<RecordRow>
      look={lowcodeLook}
      testId="lc-model-page"
      side={
        list.style === 2 && list.tree ? (
          <TreePane tree={list.tree} selected={query.treeId} onSelect={(treeId) => filter({ treeId })} />
        ) : undefined
      }
      search={{
        onSearch: (keyword) => search(keyword, { queryJson: buildQueryJson(list.search, draft) }),
        onReset: () => {
          setDraft({});
          search('', { queryJson: {} });
        },
        filters: list.search.map((s) => {
          const field = fields.get(s.field);
          return field ? (
            <SearchInput
              key={s.field}
              field={field}
              match={s.match}
              value={draft[s.field]}
              onChange={(v) => setDraft((d) => ({ ...d, [s.field]: v }))}
            />
          ) : null;
        }),
      }}
      toolbar={toolbar}
      tools={
        <Tooltip title={t('columnSettings')}>
          <Button type="text" icon={<SettingOutlined />} aria-label={t('columnSettings')} onClick={() => setDialog({ kind: 'columns' })} />
        </Tooltip>
      }
      onRefresh={() => void refresh()}
      actionCodes={list.useButtonPermission ? [MODEL_BUTTONS.edit, MODEL_BUTTONS.remove, MODEL_BUTTONS.detail] : undefined}
      paging={list.hasPage ? paging(rows.data?.pagination.total ?? 0, null) : undefined}
      table={{
        columns: tableCols,
        dataSource: rows.data?.list ?? [],
        loading: rows.isFetching,
        locale: {
          emptyText: rows.isError ? (
            <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void refresh()}>{t('retry')}</Button>} />
          ) : undefined,
        },
        rowSelection: selectable
          ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: false }
          : undefined,
        virtual: many,
        scroll: many ? { x: width, y: 640 } : { x: width },
        pagination: list.hasPage ? undefined : false,
        onChange: (pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const order = s?.order;
            setQuery((q) => ({
              ...q,
              currentPage: 1,
              sidx: order ? String(s.columnKey ?? '') : (list.defaultSort?.field ?? ''),
              sort: order === 'ascend' ? 'asc' : 'desc',
            }));
          } else if (extra.action === 'paginate') {
            setQuery((q) => ({
              ...q,
              currentPage: pagination.pageSize !== pageSize ? 1 : (pagination.current ?? 1),
              pageSize: pagination.pageSize ?? pageSize,
            }));
          }
        },
      }}
    >
      {dialog?.kind === 'form' && <RecordDialog {...record} recordId={dialog.id} onSaved={refresh} />}
      {dialog?.kind === 'detail' && <DetailDialog {...record} recordId={dialog.id} />}
      {dialog?.kind === 'submit' && (
        <SubmitFlowDialog modelId={modelId} recordId={dialog.id} flows={flowList} onClose={() => setDialog(null)} onSubmitted={refresh} />
      )}
      {dialog?.kind === 'export' && (
        <ExportDialog modelId={modelId} title={title} query={body} columns={designed} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && (
        <ImportDialog modelId={modelId} menuId={menuId} title={title} onClose={() => setDialog(null)} onImported={refresh} />
      )}
      {dialog?.kind === 'print' && (
        <RecordPrint modelId={modelId} menuId={menuId} definition={form} title={title} ids={dialog.ids} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'columns' && (
        <ColumnSettings
          columns={designed}
          hidden={hidden}
          onChange={(next) => {
            setHidden(next);
            saveHidden(modelId, next);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </ListPage>
  );
}
