import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Spin, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { printDevApi, type PrintTemplateSummary } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { actionsColumn, ListPage, systemLook as look, useDeleteRow, useRowState } from '../../../components/listPage/index.ts';
import { useDictionary } from '../../../lookups/dictionaries.ts';
import { invalidatePrintTemplates } from '../../../lookups/printTemplates.ts';
import { SideTree } from '../common/SideTree.tsx';
import { exportAction, stateColumn } from '../common/listColumns.tsx';
import { NS } from '../messages.ts';
import { PRINT_CATEGORY_DICTIONARY } from './constants.ts';
import { PrintDialog } from './PrintDialog.tsx';
import './messages.ts';
import '../common/system.css';
import './print.css';

const KEY = ['system', 'printDev', 'list'] as const;
// The designer carries the rich-text editor: loaded when first opened.
const PrintDesigner = lazy(() => import('./PrintDesigner.tsx'));

/** Print templates (spec §7.5 printDev): by category, designer, print, copy, export. */
export default function PrintDevPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const categories = useDictionary(PRINT_CATEGORY_DICTIONARY);
  // The whole list comes at once (grouped), so the table pages it here: the keyword is the only query.
  const [applied, setApplied] = useState('');
  const [category, setCategory] = useState<string>();
  const [designer, setDesigner] = useState<{ id: string | null } | null>(null);
  const [printing, setPrinting] = useState<PrintTemplateSummary | null>(null);

  const list = useQuery({ queryKey: [...KEY, applied], queryFn: async () => (await printDevApi.list(applied)).data.list });
  // The list comes grouped under categories; the table wants plain rows (no `children`, which would nest them).
  const templates = useMemo(
    () =>
      (list.data ?? []).flatMap((c) =>
        (c.children ?? []).map(({ children: _c, ...tpl }: PrintTemplateSummary & { children?: unknown }) => tpl),
      ),
    [list.data],
  );
  const counts = useMemo(() => {
    const m = new Map<string, number>();
    for (const tpl of templates) m.set(tpl.category, (m.get(tpl.category) ?? 0) + 1);
    return m;
  }, [templates]);
  const categoryName = useMemo(() => new Map(categories.flat.map((c) => [c.enCode, c.fullName])), [categories.flat]);
  const shown = category ? templates.filter((tpl) => tpl.category === category) : templates;
  const selectedNode = categories.flat.find((c) => c.enCode === category);

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: KEY });
    await invalidatePrintTemplates(client);
  };
  // The server toggles: no state to send.
  const state = useRowState(look, (row: PrintTemplateSummary) => printDevApi.setState(row.id), refresh);
  const exportTexts = { label: t('export'), done: t('exported') };
  const copy = async (row: PrintTemplateSummary) => {
    await printDevApi.copy(row.id);
    toast.success(t('pd.copied'));
    await refresh();
  };
  const remove = useDeleteRow(look, (row: PrintTemplateSummary) => printDevApi.remove(row.id), refresh);

  const columns: ColumnsType<PrintTemplateSummary> = [
    {
      title: t('pd.name'),
      dataIndex: 'fullName',
      width: 180,
      ellipsis: true,
      sorter: (a, b) => a.fullName.localeCompare(b.fullName, 'zh'),
    },
    { title: t('pd.code'), dataIndex: 'enCode', width: 130, ellipsis: true, sorter: (a, b) => a.enCode.localeCompare(b.enCode) },
    { title: t('category'), dataIndex: 'category', width: 90, render: (v: string) => categoryName.get(v) ?? v },
    {
      title: t('pd.type'),
      dataIndex: 'type',
      width: 100,
      render: (v: number) => <Tag color={v === 1 ? 'purple' : 'blue'}>{t(`pd.type.${v}`)}</Tag>,
    },
    {
      title: t('createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      sorter: (a, b) => a.createdAt - b.createdAt,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    stateColumn(t('status'), state),
    actionsColumn<PrintTemplateSummary>(look, t('actions'), 170, (row) => ({
      actions: [
        {
          key: 'design',
          label: t('pd.designShort'),
          code: BUTTON_CODES.edit,
          testId: 'ma-pd-design-row',
          onClick: () => setDesigner({ id: row.id }),
        },
        { key: 'print', label: t('pd.print'), testId: 'ma-pd-print-row', onClick: () => setPrinting(row) },
      ],
      more: [
        { key: 'copy', label: t('copy'), code: BUTTON_CODES.add, onClick: () => void copy(row) },
        exportAction(exportTexts, printDevApi.exportUrl(row.id), row),
        { key: 'delete', onClick: () => remove(row) },
      ],
    })),
  ];

  return (
    <ListPage<PrintTemplateSummary>
      look={look}
      testId="ma-pd-page"
      side={
        <SideTree
          title={t('pd.categories')}
          nodes={categories.items}
          loading={categories.isLoading}
          allLabel={t('allCategories')}
          selectedId={selectedNode?.id ?? ''}
          onSelect={(id) => setCategory(id ? categories.flat.find((c) => c.id === id)?.enCode : undefined)}
          renderExtra={(n) => <span className="ma-sys-tree-count">{counts.get((n as { enCode?: string }).enCode ?? '') ?? 0}</span>}
        />
      }
      search={{ onSearch: setApplied }}
      toolbar={
        <Auth code={BUTTON_CODES.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigner({ id: null })} data-testid="ma-pd-add">
            {t('add')}
          </Button>
        </Auth>
      }
      onRefresh={() => void list.refetch()}
      table={{
        loading: list.isFetching,
        dataSource: shown,
        columns,
        scroll: { x: 900 },
        pagination: { pageSize: 20, hideOnSinglePage: true, showTotal: (total) => t('total', { total }) },
        expandable: {
          expandedRowRender: (r) => <span className="ma-sys-hint">{r.description || t('pd.noDescription')}</span>,
          rowExpandable: (r) => !!r.description,
        },
      }}
    >
      {designer && (
        <Suspense fallback={<Spin fullscreen />}>
          <PrintDesigner id={designer.id} category={category} onClose={() => setDesigner(null)} onSaved={() => void refresh()} />
        </Suspense>
      )}
      {printing && <PrintDialog template={printing} onClose={() => setPrinting(null)} />}
    </ListPage>
  );
}
