import { useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { FieldNumberOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { billRuleApi, type BillRuleRow } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import {
  actionsColumn,
  ListPage,
  systemLook as look,
  useDeleteRow,
  useListQuery,
  useRowState,
} from '../../../components/listPage/index.ts';
import { BillTemplateDialog } from '../../../components/pickers/data/BillTemplateDialog.tsx';
import { useDictionary, dictionaryLabel } from '../../../lookups/dictionaries.ts';
import { SideTree } from '../common/SideTree.tsx';
import { exportAction, stateColumn } from '../common/listColumns.tsx';
import { NS } from '../messages.ts';
import { BillRuleFormModal, BUSINESS_TYPE } from './BillRuleFormModal.tsx';
import './messages.ts';
import '../common/system.css';

const KEY = ['system', 'billRule', 'list'] as const;

interface Filters {
  sidx: string;
  sort: 'asc' | 'desc';
  categoryId?: string;
}

/** Bill-number rules (spec §7.5 BillRule): by business category, with the next number each rule would issue. */
export default function BillRulePage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const categories = useDictionary(BUSINESS_TYPE);
  const { query, setQuery, search, filter, paging } = useListQuery<Filters>({ sidx: '', sort: 'desc' });
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

  const state = useRowState(look, (row: BillRuleRow, enabledMark) => billRuleApi.setState(row.id, enabledMark), refresh);
  const exportTexts = { label: t('export'), done: t('exported') };
  const remove = useDeleteRow(look, (row: BillRuleRow) => billRuleApi.remove(row.id), refresh);
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
    stateColumn(t('status'), state),
    actionsColumn<BillRuleRow>(look, t('actions'), 160, (row) => ({
      actions: [
        { key: 'edit', onClick: () => setModal({ editing: row }) },
        exportAction(exportTexts, billRuleApi.exportUrl(row.id), row),
        {
          key: 'delete',
          disabled: !!row.outputNumber,
          tooltip: row.outputNumber ? t('bill.usedNoDelete') : undefined,
          onClick: () => remove(row),
        },
      ],
    })),
  ];

  return (
    <ListPage<BillRuleRow>
      look={look}
      testId="ma-bill-page"
      side={
        <SideTree
          title={t('bill.categories')}
          nodes={categories.items}
          loading={categories.isLoading}
          allLabel={t('allCategories')}
          selectedId={query.categoryId ?? ''}
          onSelect={(id) => filter({ categoryId: id || undefined })}
        />
      }
      search={{ onSearch: search }}
      toolbar={
        <>
          <Button icon={<FieldNumberOutlined />} onClick={() => setPicking(true)} data-testid="ma-bill-preview">
            {t('bill.preview')}
          </Button>
          <Auth code={BUTTON_CODES.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ editing: null })} data-testid="ma-bill-add">
              {t('add')}
            </Button>
          </Auth>
        </>
      }
      onRefresh={() => void list.refetch()}
      table={{
        loading: list.isFetching,
        dataSource: list.data?.list ?? [],
        columns,
        scroll: { x: 960 },
        // Sorting is the server's, so the table's own change event pages and sorts.
        onChange: (pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<BillRuleRow> | undefined;
          setQuery((q) => ({
            ...q,
            currentPage: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? q.pageSize,
            sidx: s?.order ? String(s.field) : '',
            sort: s?.order === 'ascend' ? 'asc' : 'desc',
          }));
        },
      }}
      paging={paging(list.data?.pagination.total ?? 0, null)}
    >
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
    </ListPage>
  );
}
