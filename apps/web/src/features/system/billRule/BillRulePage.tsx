import { useState } from 'react';
import { App, Button, Input, Space, Table, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { FieldNumberOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@medalliance/contract';
import { billRuleApi, downloadExport, type BillRuleRow } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { BillTemplateDialog } from '../../../components/pickers/data/BillTemplateDialog.tsx';
import { useDictionary, dictionaryLabel } from '../../../lookups/dictionaries.ts';
import { SideTree } from '../common/SideTree.tsx';
import { StateCell } from '../common/StateCell.tsx';
import { useConfirmDelete } from '../common/useConfirm.ts';
import { NS } from '../messages.ts';
import { BillRuleFormModal, BUSINESS_TYPE } from './BillRuleFormModal.tsx';
import './messages.ts';
import '../common/system.css';

const KEY = ['system', 'billRule', 'list'] as const;

interface Query {
  currentPage: number;
  pageSize: number;
  keyword: string;
  sidx: string;
  sort: 'asc' | 'desc';
  categoryId?: string;
}

/** Bill-number rules (spec §7.5 BillRule): by business category, with the next number each rule would issue. */
export default function BillRulePage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const categories = useDictionary(BUSINESS_TYPE);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<Query>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '', sidx: '', sort: 'desc' });
  const [modal, setModal] = useState<{ editing: BillRuleRow | null } | null>(null);
  const [picking, setPicking] = useState(false);
  const { modal: dialogs } = App.useApp();

  /** What a form using the rule would show before saving (BillNumber: the same for 3 minutes, not consumed). */
  const previewNumber = async (rule: BillRuleRow) => {
    setPicking(false);
    const res = await billRuleApi.billNumber(rule.enCode);
    dialogs.info({
      title: t('bill.previewTitle', { name: rule.fullName }),
      content: (
        <div>
          <div className="ma-sys-example" data-testid="ma-bill-number">
            {res.data}
          </div>
          <p className="ma-sys-hint" style={{ marginTop: 8 }}>
            {t('bill.previewHint')}
          </p>
        </div>
      ),
      okText: t('ok'),
    });
  };

  const list = useQuery({
    queryKey: [...KEY, query],
    queryFn: async () => (await billRuleApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const state = useMutation({
    mutationFn: ({ id, enabledMark }: { id: string; enabledMark: 0 | 1 }) => billRuleApi.setState(id, enabledMark),
    onSuccess: async () => {
      toast.success(t('stateChanged'));
      await refresh();
    },
  });

  const remove = (row: BillRuleRow) =>
    confirmDelete(async () => {
      await billRuleApi.remove(row.id);
      toast.success(t('deleted'));
      await refresh();
    });

  const search = () => setQuery((q) => ({ ...q, currentPage: 1, keyword: keyword.trim() }));
  const sortOrder = (field: string) => (query.sidx === field ? (query.sort === 'asc' ? 'ascend' : 'descend') : null);

  const columns: ColumnsType<BillRuleRow> = [
    { title: t('bill.name'), dataIndex: 'fullName', width: 150, sorter: true, sortOrder: sortOrder('fullName'), ellipsis: true },
    { title: t('bill.code'), dataIndex: 'enCode', width: 130, sorter: true, sortOrder: sortOrder('enCode') },
    { title: t('category'), dataIndex: 'categoryId', width: 90, render: (v: string | null) => dictionaryLabel(categories, v) },
    { title: t('bill.example'), dataIndex: 'example', width: 170, render: (v: string) => <span className="ma-sys-code">{v}</span> },
    {
      title: t('bill.outputNumber'),
      dataIndex: 'outputNumber',
      width: 170,
      render: (v: string | null, row) =>
        v ? (
          <Tooltip title={t('bill.thisNumberTip', { count: row.thisNumber })}>
            <span className="ma-sys-code">{v}</span>
          </Tooltip>
        ) : (
          <span className="ma-sys-hint">{t('bill.none')}</span>
        ),
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
      width: 140,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Auth code={BUTTON_CODES.edit}>
            <Button type="link" size="small" onClick={() => setModal({ editing: row })}>
              {t('edit')}
            </Button>
          </Auth>
          <Auth code="btn_export">
            <Button
              type="link"
              size="small"
              onClick={() =>
                void downloadExport(billRuleApi.exportUrl(row.id), `${row.fullName}-${row.enCode}.json`).then(() =>
                  toast.success(t('exported')),
                )
              }
            >
              {t('export')}
            </Button>
          </Auth>
          <Auth code={BUTTON_CODES.remove}>
            <Tooltip title={row.outputNumber ? t('bill.usedNoDelete') : undefined}>
              <Button type="link" size="small" danger disabled={!!row.outputNumber} onClick={() => remove(row)}>
                {t('delete')}
              </Button>
            </Tooltip>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <div className="ma-page ma-sys-page" data-testid="ma-bill-page">
      <div className="ma-sys-split">
        <SideTree
          title={t('bill.categories')}
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
              <Button type="primary" onClick={search}>
                {t('search')}
              </Button>
              <Button
                onClick={() => {
                  setKeyword('');
                  setQuery((q) => ({ ...q, currentPage: 1, keyword: '' }));
                }}
              >
                {t('reset')}
              </Button>
            </div>
            <Space>
              <Button icon={<FieldNumberOutlined />} onClick={() => setPicking(true)} data-testid="ma-bill-preview">
                {t('bill.preview')}
              </Button>
              <Auth code={BUTTON_CODES.add}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ editing: null })} data-testid="ma-bill-add">
                  {t('add')}
                </Button>
              </Auth>
              <Tooltip title={t('refresh')}>
                <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void list.refetch()} />
              </Tooltip>
            </Space>
          </div>
          <div className="ma-sys-main-body">
            <Table<BillRuleRow>
              rowKey="id"
              size="middle"
              loading={list.isFetching}
              dataSource={list.data?.list ?? []}
              columns={columns}
              scroll={{ x: 940 }}
              onChange={(pagination, _filters, sorter) => {
                const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<BillRuleRow> | undefined;
                setQuery((q) => ({
                  ...q,
                  currentPage: pagination.current ?? 1,
                  pageSize: pagination.pageSize ?? q.pageSize,
                  sidx: s?.order ? String(s.field) : '',
                  sort: s?.order === 'ascend' ? 'asc' : 'desc',
                }));
              }}
              pagination={{
                current: query.currentPage,
                pageSize: query.pageSize,
                total: list.data?.pagination.total ?? 0,
                showSizeChanger: true,
                showQuickJumper: true,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (total) => t('total', { total }),
              }}
            />
          </div>
        </section>
      </div>
      {picking && <BillTemplateDialog open onCancel={() => setPicking(false)} onConfirm={(rule) => void previewNumber(rule)} />}
      {modal && (
        <BillRuleFormModal
          editing={modal.editing}
          categoryId={query.categoryId}
          onClose={() => setModal(null)}
          onSaved={() => {
            toast.success(modal.editing ? t('updated') : t('created'));
            void refresh();
          }}
        />
      )}
    </div>
  );
}
