import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Button, Select, Spin, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { usePermission } from '../../../components/auth/usePermission.ts';
import { actionsColumn, ListPage, useDeleteRow, useListQuery, useRowState, type ListLook } from '../../../components/listPage/index.ts';
import { FlowBasicsDialog } from './FlowBasicsDialog.tsx';
import { flowEngineApi, type FlowSummary } from './flowEngineApi.ts';
import { NS } from './messages.ts';
import '../../system/common/system.css';

const FlowDesigner = lazy(() => import('../designer/FlowDesigner.tsx'));

const look: ListLook = { kind: 'system', ns: NS, prefix: '' };

interface Filters {
  category?: string;
  enabledMark?: number;
}

/** Flow design (spec §2.5): the flow definitions, paged in SQL, with create, basics, design, copy, enable / stop and delete. */
export default function FlowEnginePage() {
  const { t } = useTranslation(NS);
  const q = useListQuery<Filters>();
  const canEdit = usePermission().hasBtn(BUTTON_CODES.edit);
  const [basics, setBasics] = useState<string | 'new' | null>(null);
  const [designing, setDesigning] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['wfEngine', 'list', q.query],
    queryFn: async () => (await flowEngineApi.list(q.query)).data,
    placeholderData: keepPreviousData,
  });
  const all = useQuery({ queryKey: ['wfEngine', 'all'], queryFn: async () => (await flowEngineApi.listAll()).data.list });
  const categories = useMemo(() => [...new Set((all.data ?? []).map((f) => f.category).filter(Boolean))].sort(), [all.data]);
  const refresh = useCallback(() => {
    void list.refetch();
    void all.refetch();
  }, [list, all]);
  const remove = useDeleteRow(look, (row: FlowSummary) => flowEngineApi.remove(row.id), refresh);
  const state = useRowState(look, (row: FlowSummary, on) => flowEngineApi.enable(row.id, on === 1), refresh);
  /** Downloads the flow as JSON (Actions/ExportData), named after its code. */
  const exportFlow = async (row: FlowSummary) => {
    const { data } = await flowEngineApi.exportData(row.id);
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${row.enCode}.flow.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  /** Creates a flow from a chosen JSON file (Actions/ImportData); the server checks it as a new flow. */
  const importFlow = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.onchange = async () => {
      const file = input.files?.[0];
      if (!file) return;
      let body: unknown;
      try {
        body = JSON.parse(await file.text());
      } catch {
        toast.error(t('importBadFile'));
        return;
      }
      const { data } = await flowEngineApi.importData(body);
      toast.success(t('imported', { enCode: data.enCode }));
      refresh();
    };
    input.click();
  };
  const copy = async (row: FlowSummary) => {
    await flowEngineApi.copy(row.id);
    toast.success(t('copied'));
    refresh();
  };

  const columns: ColumnsType<FlowSummary> = [
    { title: t('fullName'), dataIndex: 'fullName', width: 220, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 160, ellipsis: true },
    { title: t('category'), dataIndex: 'category', width: 120, render: (v: string) => (v ? <Tag>{v}</Tag> : '') },
    { title: t('version'), dataIndex: 'version', width: 80, align: 'center', render: (v: number) => `v${v}` },
    {
      title: t('state'),
      dataIndex: 'enabledMark',
      width: 90,
      render: (v: number, r) => (
        // Without the edit button the state is shown, not offered (the server refuses Stop / Enable anyway).
        <Switch
          size="small"
          checked={v === 1}
          disabled={!canEdit}
          loading={state.busy(r)}
          onChange={(on) => state.set(r, on ? 1 : 0)}
          aria-label={t('state')}
          data-testid={`wf-state-${r.enCode}`}
        />
      ),
    },
    { title: t('description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('modified'),
      dataIndex: 'lastModifyTime',
      width: 150,
      render: (v: number | null, r) => dayjs(v ?? r.creatorTime).format('YYYY-MM-DD HH:mm'),
    },
    actionsColumn<FlowSummary>(look, t('actions'), 190, (r) => ({
      actions: [
        { key: 'design', label: t('design'), code: BUTTON_CODES.edit, testId: `wf-design-${r.enCode}`, onClick: () => setDesigning(r.id) },
        { key: 'edit', label: t('basics'), code: BUTTON_CODES.edit, onClick: () => setBasics(r.id) },
      ],
      more: [
        { key: 'copy', label: t('copy'), code: BUTTON_CODES.add, onClick: () => void copy(r) },
        { key: 'export', label: t('export'), onClick: () => void exportFlow(r) },
        { key: 'delete', onClick: () => remove(r) },
      ],
    })),
  ];

  const filters = (
    <>
      <Select
        allowClear
        placeholder={t('allCategories')}
        style={{ width: 150 }}
        value={q.query.category}
        options={categories.map((c) => ({ value: c, label: c }))}
        onChange={(category: string | undefined) => q.filter({ category })}
        aria-label={t('category')}
      />
      <Select
        allowClear
        placeholder={t('allStates')}
        style={{ width: 120 }}
        value={q.query.enabledMark}
        options={[
          { value: 1, label: t('enabled') },
          { value: 0, label: t('disabled') },
        ]}
        onChange={(enabledMark: number | undefined) => q.filter({ enabledMark })}
        aria-label={t('state')}
      />
    </>
  );

  return (
    <ListPage<FlowSummary>
      look={look}
      testId="wf-engine-page"
      search={{ onSearch: (k) => q.search(k), filters, onReset: () => q.search('', { category: undefined, enabledMark: undefined }) }}
      toolbar={
        <>
          <Auth code={BUTTON_CODES.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setBasics('new')} data-testid="wf-add">
              {t('add')}
            </Button>
          </Auth>
          <Auth code={BUTTON_CODES.add}>
            <Button icon={<ImportOutlined />} onClick={importFlow} data-testid="wf-import">
              {t('import')}
            </Button>
          </Auth>
        </>
      }
      onRefresh={refresh}
      actionCodes={[BUTTON_CODES.edit, BUTTON_CODES.add, BUTTON_CODES.remove]}
      table={{ rowKey: 'id', loading: list.isFetching, dataSource: list.data?.list ?? [], columns, scroll: { x: 1100 } }}
      paging={q.paging(list.data?.pagination.total ?? 0)}
    >
      {basics && (
        <FlowBasicsDialog
          id={basics === 'new' ? null : basics}
          categories={categories}
          onClose={() => setBasics(null)}
          onSaved={(id, created) => {
            setBasics(null);
            refresh();
            if (created) setDesigning(id);
          }}
        />
      )}
      {designing && (
        <Suspense fallback={<Spin fullscreen />}>
          <FlowDesigner id={designing} onClose={() => setDesigning(null)} onChanged={refresh} />
        </Suspense>
      )}
    </ListPage>
  );
}
