import { useMemo, useState } from 'react';
import { Button, Empty, Input, Space, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, ExportOutlined, ImportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dictionaryApi, downloadExport, type DictionaryData, type DictionaryType } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { invalidateDictionaries } from '../../../lookups/dictionaries.ts';
import { flattenTree, parentIds } from '../../../lookups/tree.ts';
import { useConfirmDelete } from '../common/useConfirm.ts';
import { SideTree } from '../common/SideTree.tsx';
import { NS } from '../messages.ts';
import { DataFormModal } from './DataFormModal.tsx';
import { dataColumns } from './dataColumns.tsx';
import { ImportModal } from './ImportModal.tsx';
import { TypeFormModal } from './TypeFormModal.tsx';
import './messages.ts';
import '../common/system.css';

const TYPES_KEY = ['system', 'dictionary', 'types'] as const;
const DATA_KEY = ['system', 'dictionary', 'data'] as const;

/**
 * Dictionaries (spec §7.5): the type tree on the left, the selected type's
 * items on the right (a flat table, or a tree for tree types). Every change
 * refreshes the cached lookups, so selects on other open screens show it at once.
 */
export default function DictionaryPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const [typeId, setTypeId] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [typeModal, setTypeModal] = useState<{ editing: DictionaryType | null; parentId?: string } | null>(null);
  const [dataModal, setDataModal] = useState<{ editing: DictionaryData | null; parentId?: string } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [expanded, setExpanded] = useState<string[] | null>(null);

  const types = useQuery({ queryKey: TYPES_KEY, queryFn: async () => (await dictionaryApi.types()).data.list });
  const typeById = useMemo(() => new Map(flattenTree(types.data ?? []).map((n) => [n.id, n])), [types.data]);
  // Until one is chosen, show the first type that can hold items (a leaf of the type tree).
  const current = (typeId ? typeById.get(typeId) : undefined) ?? flattenTree(types.data ?? []).find((n) => !n.children?.length);

  const data = useQuery({
    queryKey: [...DATA_KEY, current?.id, applied],
    queryFn: async () => (await dictionaryApi.data(current!.id, { keyword: applied })).data.list,
    enabled: !!current,
  });
  const allExpanded = useMemo(() => parentIds(data.data ?? []), [data.data]);

  const changed = async () => {
    await Promise.all([client.invalidateQueries({ queryKey: DATA_KEY }), invalidateDictionaries(client)]);
  };
  const typesChanged = async () => {
    await Promise.all([client.invalidateQueries({ queryKey: TYPES_KEY }), invalidateDictionaries(client)]);
  };

  const state = useMutation({
    mutationFn: ({ id, enabledMark }: { id: string; enabledMark: 0 | 1 }) => dictionaryApi.setDataState(id, enabledMark),
    onSuccess: async () => {
      toast.success(t('stateChanged'));
      await changed();
    },
  });

  const removeType = (node: DictionaryType) =>
    confirmDelete(async () => {
      await dictionaryApi.deleteType(node.id);
      toast.success(t('deleted'));
      if (typeId === node.id) setTypeId(undefined);
      await typesChanged();
    });
  const removeData = (row: DictionaryData) =>
    confirmDelete(async () => {
      await dictionaryApi.deleteData(row.id);
      toast.success(t('deleted'));
      await changed();
    });

  const exportType = async () => {
    if (!current) return;
    await downloadExport(dictionaryApi.exportUrl(current.id), `${current.fullName}-${current.enCode}.json`);
    toast.success(t('exported'));
  };

  const isTree = current?.isTree === 1;
  const columns = dataColumns({
    t,
    isTree,
    sorters: true,
    savingStateOf: state.isPending ? state.variables?.id : undefined,
    onState: (row, enabledMark) => state.mutate({ id: row.id, enabledMark }),
    onAddChild: (row) => setDataModal({ editing: null, parentId: row.id }),
    onEdit: (row) => setDataModal({ editing: row }),
    onRemove: removeData,
  });

  return (
    <div className="ma-page ma-sys-page" data-testid="ma-dictionary-page">
      <div className="ma-sys-split">
        <SideTree<DictionaryType>
          title={t('dict.types')}
          testId="ma-dict-types"
          nodes={types.data}
          loading={types.isLoading}
          selectedId={current?.id}
          onSelect={(id) => {
            if (!id) return;
            setTypeId(id);
            setExpanded(null);
          }}
          extra={
            <Auth code={BUTTON_CODES.add}>
              <Tooltip title={t('dict.addType')}>
                <Button
                  type="text"
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={t('dict.addType')}
                  onClick={() => setTypeModal({ editing: null, parentId: current?.parentId })}
                  data-testid="ma-dict-add-type"
                />
              </Tooltip>
            </Auth>
          }
          renderExtra={(node) => (
            <span className="ma-sys-tree-actions" onClick={(e) => e.stopPropagation()}>
              <Auth code={BUTTON_CODES.add}>
                <Tooltip title={t('dict.addChildType')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<PlusOutlined />}
                    aria-label={t('dict.addChildType')}
                    onClick={() => setTypeModal({ editing: null, parentId: node.id })}
                  />
                </Tooltip>
              </Auth>
              <Auth code={BUTTON_CODES.edit}>
                <Tooltip title={t('edit')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('edit')}
                    onClick={() => setTypeModal({ editing: node })}
                  />
                </Tooltip>
              </Auth>
              <Auth code={BUTTON_CODES.remove}>
                <Tooltip title={t('delete')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('delete')}
                    onClick={() => removeType(node)}
                  />
                </Tooltip>
              </Auth>
            </span>
          )}
        />
        <section className="ma-sys-main">
          <div className="ma-sys-main-head">
            <div className="ma-sys-main-title">
              {current ? (
                <>
                  <span data-testid="ma-dict-current">{current.fullName}</span>
                  <Tag>{current.enCode}</Tag>
                  <Tag color={isTree ? 'purple' : 'default'}>{isTree ? t('dict.tree') : t('dict.flat')}</Tag>
                </>
              ) : (
                t('dict.items')
              )}
            </div>
            <Space wrap>
              <Auth code={BUTTON_CODES.add}>
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  disabled={!current}
                  onClick={() => setDataModal({ editing: null })}
                  data-testid="ma-dict-add-data"
                >
                  {t('dict.addData')}
                </Button>
              </Auth>
              <Auth code="btn_import">
                <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
                  {t('import')}
                </Button>
              </Auth>
              <Auth code="btn_export">
                <Button icon={<ExportOutlined />} disabled={!current} onClick={() => void exportType()}>
                  {t('export')}
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
                onChange={(e) => setKeyword(e.target.value)}
                onPressEnter={() => setApplied(keyword.trim())}
              />
              <Button type="primary" onClick={() => setApplied(keyword.trim())}>
                {t('search')}
              </Button>
              <Button
                onClick={() => {
                  setKeyword('');
                  setApplied('');
                }}
              >
                {t('reset')}
              </Button>
              <div style={{ flex: 1 }} />
              {isTree && (
                <Button type="link" onClick={() => setExpanded((e) => (e === null || e.length ? [] : allExpanded))}>
                  {expanded === null || expanded.length ? t('collapseAll') : t('expandAll')}
                </Button>
              )}
              <Tooltip title={t('refresh')}>
                <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void data.refetch()} />
              </Tooltip>
            </div>
            {current ? (
              <Table<DictionaryData>
                rowKey="id"
                size="middle"
                loading={data.isFetching}
                dataSource={data.data ?? []}
                columns={columns}
                pagination={false}
                scroll={{ x: 860 }}
                expandable={
                  isTree
                    ? {
                        expandedRowKeys: expanded ?? allExpanded,
                        onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
                      }
                    : { childrenColumnName: '__none' }
                }
                data-testid="ma-dict-data-table"
              />
            ) : (
              <Empty description={t('dict.chooseType')} />
            )}
          </div>
        </section>
      </div>
      {typeModal && (
        <TypeFormModal
          open
          editing={typeModal.editing}
          parentId={typeModal.parentId}
          onClose={() => setTypeModal(null)}
          onSaved={(id) => {
            toast.success(typeModal.editing ? t('updated') : t('created'));
            setTypeId(id);
            void typesChanged();
            void client.invalidateQueries({ queryKey: DATA_KEY });
          }}
        />
      )}
      {dataModal && current && (
        <DataFormModal
          open
          type={current}
          editing={dataModal.editing}
          parentId={dataModal.parentId}
          onClose={() => setDataModal(null)}
          onSaved={() => {
            toast.success(dataModal.editing ? t('updated') : t('created'));
            void changed();
          }}
        />
      )}
      <ImportModal
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={(id) => {
          setTypeId(id);
          void typesChanged();
          void changed();
        }}
      />
    </div>
  );
}
