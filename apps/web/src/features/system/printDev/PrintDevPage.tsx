import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Dropdown, Input, Space, Spin, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MoreOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { downloadExport, printDevApi, type PrintTemplateSummary } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { usePermission } from '../../../components/auth/usePermission.ts';
import { useDictionary } from '../../../lookups/dictionaries.ts';
import { invalidatePrintTemplates } from '../../../lookups/printTemplates.ts';
import { SideTree } from '../common/SideTree.tsx';
import { StateCell } from '../common/StateCell.tsx';
import { useConfirmDelete } from '../common/useConfirm.ts';
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
  const confirmDelete = useConfirmDelete();
  const { hasBtn } = usePermission();
  const categories = useDictionary(PRINT_CATEGORY_DICTIONARY);
  const [keyword, setKeyword] = useState('');
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
  const state = useMutation({
    mutationFn: (id: string) => printDevApi.setState(id),
    onSuccess: async () => {
      toast.success(t('stateChanged'));
      await refresh();
    },
  });
  const copy = async (row: PrintTemplateSummary) => {
    await printDevApi.copy(row.id);
    toast.success(t('pd.copied'));
    await refresh();
  };
  const remove = (row: PrintTemplateSummary) =>
    confirmDelete(async () => {
      await printDevApi.remove(row.id);
      toast.success(t('deleted'));
      await refresh();
    });

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
    {
      title: t('status'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      render: (v: number, row) => (
        <StateCell value={v} loading={state.isPending && state.variables === row.id} onChange={() => state.mutate(row.id)} />
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 170,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Auth code={BUTTON_CODES.edit}>
            <Button type="link" size="small" onClick={() => setDesigner({ id: row.id })} data-testid="ma-pd-design-row">
              {t('pd.designShort')}
            </Button>
          </Auth>
          <Button type="link" size="small" onClick={() => setPrinting(row)} data-testid="ma-pd-print-row">
            {t('pd.print')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...(hasBtn(BUTTON_CODES.add) ? [{ key: 'copy', label: t('copy') }] : []),
                ...(hasBtn('btn_export') ? [{ key: 'export', label: t('export') }] : []),
                ...(hasBtn(BUTTON_CODES.remove) ? [{ key: 'delete', label: t('delete'), danger: true }] : []),
              ],
              onClick: ({ key }) => {
                if (key === 'copy') void copy(row);
                if (key === 'export')
                  void downloadExport(printDevApi.exportUrl(row.id), `${row.fullName}-${row.enCode}.json`).then(() =>
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
    <div className="ma-page ma-sys-page" data-testid="ma-pd-page">
      <div className="ma-sys-split">
        <SideTree
          title={t('pd.categories')}
          nodes={categories.items}
          loading={categories.isLoading}
          allLabel={t('allCategories')}
          selectedId={selectedNode?.id ?? ''}
          onSelect={(id) => setCategory(id ? categories.flat.find((c) => c.id === id)?.enCode : undefined)}
          renderExtra={(n) => <span className="ma-sys-tree-count">{counts.get((n as { enCode?: string }).enCode ?? '') ?? 0}</span>}
        />
        <section className="ma-sys-main">
          <div className="ma-sys-main-head">
            <div className="ma-sys-filters">
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
            </div>
            <Space>
              <Auth code={BUTTON_CODES.add}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigner({ id: null })} data-testid="ma-pd-add">
                  {t('add')}
                </Button>
              </Auth>
              <Tooltip title={t('refresh')}>
                <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void list.refetch()} />
              </Tooltip>
            </Space>
          </div>
          <div className="ma-sys-main-body">
            <Table<PrintTemplateSummary>
              rowKey="id"
              size="middle"
              loading={list.isFetching}
              dataSource={shown}
              columns={columns}
              scroll={{ x: 900 }}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total) => t('total', { total }) }}
              expandable={{
                expandedRowRender: (r) => <span className="ma-sys-hint">{r.description || t('pd.noDescription')}</span>,
                rowExpandable: (r) => !!r.description,
              }}
            />
          </div>
        </section>
      </div>
      {designer && (
        <Suspense fallback={<Spin fullscreen />}>
          <PrintDesigner id={designer.id} category={category} onClose={() => setDesigner(null)} onSaved={() => void refresh()} />
        </Suspense>
      )}
      {printing && <PrintDialog template={printing} onClose={() => setPrinting(null)} />}
    </div>
  );
}
