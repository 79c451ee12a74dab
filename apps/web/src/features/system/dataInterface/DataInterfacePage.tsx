import { useState } from 'react';
import { Button, Dropdown, Input, Select, Space, Table, Tag, Tooltip, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportOutlined, MoreOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@medalliance/contract';
import { dataInterfaceApi, downloadExport, type InterfaceRow } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { usePermission } from '../../../components/auth/usePermission.ts';
import { checkAccept, checkSize } from '../../../components/upload/uploadRules.ts';
import { NS as UPLOAD_NS } from '../../../components/upload/messages.ts';
import { useDictionary, dictionaryLabel } from '../../../lookups/dictionaries.ts';
import { SideTree } from '../common/SideTree.tsx';
import { StateCell } from '../common/StateCell.tsx';
import { useConfirmDelete } from '../common/useConfirm.ts';
import { NS } from '../messages.ts';
import { CallLogDrawer } from './CallLogDrawer.tsx';
import { CATEGORY_DICTIONARY, InterfaceEditor } from './InterfaceEditor.tsx';
import './messages.ts';
import '../common/system.css';

const KEY = ['system', 'dataInterface', 'list'] as const;
const KIND_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'purple' };

interface Query {
  currentPage: number;
  pageSize: number;
  keyword: string;
  categoryId?: string;
  dataType?: number;
}

/** Data interfaces (spec §7.5): by category, the three kinds, state, test, call log, export and import. */
export default function DataInterfacePage() {
  const { t } = useTranslation(NS);
  const { t: tu } = useTranslation(UPLOAD_NS);
  const client = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const { hasBtn } = usePermission();
  const categories = useDictionary(CATEGORY_DICTIONARY);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<Query>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '' });
  const [editor, setEditor] = useState<{ id: string | null; test?: boolean } | null>(null);
  const [logOf, setLogOf] = useState<InterfaceRow | null>(null);

  const list = useQuery({
    queryKey: [...KEY, query],
    queryFn: async () => (await dataInterfaceApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const state = useMutation({
    mutationFn: ({ id, enabledMark }: { id: string; enabledMark: 0 | 1 }) => dataInterfaceApi.setState(id, enabledMark),
    onSuccess: async () => {
      toast.success(t('stateChanged'));
      await refresh();
    },
  });
  const remove = (row: InterfaceRow) =>
    confirmDelete(async () => {
      await dataInterfaceApi.remove(row.id);
      toast.success(t('deleted'));
      await refresh();
    });
  const search = () => setQuery((q) => ({ ...q, currentPage: 1, keyword: keyword.trim() }));

  const columns: ColumnsType<InterfaceRow> = [
    {
      title: t('di.name'),
      dataIndex: 'fullName',
      width: 170,
      ellipsis: true,
      sorter: (a, b) => a.fullName.localeCompare(b.fullName, 'zh'),
    },
    { title: t('di.code'), dataIndex: 'enCode', width: 150, ellipsis: true, sorter: (a, b) => a.enCode.localeCompare(b.enCode) },
    { title: t('category'), dataIndex: 'categoryId', width: 100, render: (v: string) => dictionaryLabel(categories, v) },
    {
      title: t('di.kind'),
      dataIndex: 'dataType',
      width: 120,
      render: (v: number, r) => (
        <Space size={4}>
          <Tag color={KIND_COLORS[v]}>{t(`di.kind.${v}`)}</Tag>
          {v === 3 && <Tag>{r.requestMethod}</Tag>}
        </Space>
      ),
    },
    {
      title: t('createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      sorter: (a, b) => a.createdAt - b.createdAt,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('status'),
      dataIndex: 'enabledMark',
      width: 90,
      align: 'center',
      render: (v: number, row) => (
        <StateCell
          value={v}
          loading={state.isPending && state.variables?.id === row.id}
          onChange={(enabledMark) => state.mutate({ id: row.id, enabledMark })}
        />
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 180,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Auth code={BUTTON_CODES.edit}>
            <Button type="link" size="small" onClick={() => setEditor({ id: row.id })}>
              {t('edit')}
            </Button>
          </Auth>
          <Button type="link" size="small" onClick={() => setEditor({ id: row.id, test: true })} data-testid="ma-di-test-row">
            {t('di.test')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'log', label: t('di.callLog') },
                ...(hasBtn('btn_export') ? [{ key: 'export', label: t('export') }] : []),
                ...(hasBtn(BUTTON_CODES.remove) ? [{ key: 'delete', label: t('delete'), danger: true }] : []),
              ],
              onClick: ({ key }) => {
                if (key === 'log') setLogOf(row);
                if (key === 'export')
                  void downloadExport(dataInterfaceApi.exportUrl(row.id), `${row.fullName}-${row.enCode}.json`).then(() =>
                    toast.success(t('exported')),
                  );
                if (key === 'delete') remove(row);
              },
            }}
          >
            <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('more')} />
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <div className="ma-page ma-sys-page" data-testid="ma-di-page">
      <div className="ma-sys-split">
        <SideTree
          title={t('di.categories')}
          nodes={categories.items}
          loading={categories.isLoading}
          allLabel={t('allCategories')}
          selectedId={query.categoryId ?? ''}
          onSelect={(id) => setQuery((q) => ({ ...q, currentPage: 1, categoryId: id || undefined }))}
        />
        <section className="ma-sys-main">
          <div className="ma-sys-main-head">
            <div className="ma-sys-filters">
              <Input
                allowClear
                placeholder={t('keyword')}
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                onPressEnter={search}
              />
              <Select
                allowClear
                placeholder={t('di.kind')}
                style={{ width: 130 }}
                value={query.dataType}
                onChange={(v) => setQuery((q) => ({ ...q, currentPage: 1, dataType: v }))}
                options={[1, 2, 3].map((k) => ({ value: k, label: t(`di.kind.${k}`) }))}
              />
              <Button type="primary" onClick={search}>
                {t('search')}
              </Button>
              <Button
                onClick={() => {
                  setKeyword('');
                  setQuery((q) => ({ ...q, currentPage: 1, keyword: '', dataType: undefined }));
                }}
              >
                {t('reset')}
              </Button>
            </div>
            <Space>
              <Auth code={BUTTON_CODES.add}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ id: null })} data-testid="ma-di-add">
                  {t('add')}
                </Button>
              </Auth>
              <Auth code={BUTTON_CODES.add}>
                <Upload
                  accept=".json,application/json"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    const refusal = checkAccept(file, '.json,application/json') ?? checkSize(file.size, 1, 'MB');
                    if (refusal) toast.error(tu(refusal.key, refusal.values));
                    else
                      void dataInterfaceApi.import(file).then((res) => {
                        toast.success(res.data.created ? t('created') : t('updated'));
                        void refresh();
                      });
                    return false;
                  }}
                >
                  <Button icon={<ImportOutlined />}>{t('import')}</Button>
                </Upload>
              </Auth>
              <Tooltip title={t('refresh')}>
                <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void list.refetch()} />
              </Tooltip>
            </Space>
          </div>
          <div className="ma-sys-main-body">
            <Table<InterfaceRow>
              rowKey="id"
              size="middle"
              loading={list.isFetching}
              dataSource={list.data?.list ?? []}
              columns={columns}
              scroll={{ x: 1060 }}
              expandable={{
                expandedRowRender: (r) => (
                  <div className="ma-sys-hint">
                    {r.dataType === 3 && (
                      <div>
                        <Tag>{r.requestMethod}</Tag>
                        <span className="ma-sys-code">{r.path}</span>
                      </div>
                    )}
                    {r.description || t('di.noDescription')}
                  </div>
                ),
              }}
              pagination={{
                current: query.currentPage,
                pageSize: query.pageSize,
                total: list.data?.pagination.total ?? 0,
                showSizeChanger: true,
                showQuickJumper: true,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (total) => t('total', { total }),
                onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
              }}
            />
          </div>
        </section>
      </div>
      {editor && (
        <InterfaceEditor
          id={editor.id}
          startOnTest={editor.test}
          categoryId={query.categoryId}
          onClose={() => setEditor(null)}
          onSaved={() => void refresh()}
        />
      )}
      {logOf && <CallLogDrawer row={logOf} onClose={() => setLogOf(null)} />}
    </div>
  );
}
