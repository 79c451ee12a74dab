import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Spin, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { reportApi, type ReportSummary } from '../../../api/report.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { actionsColumn, ListPage, useDeleteRow, useListQuery, useRowState, type ListLook } from '../../../components/listPage/index.ts';
import { NS } from '../messages.ts';
import '../messages.ts';
import '../../system/common/system.css';

const ReportEditor = lazy(() => import('./ReportEditor.tsx'));

const look: ListLook = { kind: 'system', ns: NS, prefix: '' };

/** Report design (spec §7.6 DataReport): the reports, paged in SQL, with create, design, copy, enable / disable and delete. */
export default function ReportDesignPage() {
  const { t } = useTranslation(NS);
  const q = useListQuery();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['report', 'design', q.query],
    queryFn: async () => (await reportApi.list(q.query)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => void list.refetch(), [list]);
  const remove = useDeleteRow(look, (row: ReportSummary) => reportApi.remove(row.id), refresh);
  const state = useRowState(look, (row: ReportSummary, enabledMark) => reportApi.state(row.id, enabledMark), refresh);
  const copy = async (row: ReportSummary) => {
    await reportApi.copy(row.id);
    toast.success(t('copied'));
    refresh();
  };

  const columns: ColumnsType<ReportSummary> = [
    { title: t('fullName'), dataIndex: 'fullName', width: 220, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 180, ellipsis: true },
    {
      title: t('source'),
      dataIndex: 'sourceKind',
      width: 120,
      render: (v: string | null) => (v ? <Tag color={v === 'model' ? 'blue' : 'purple'}>{t(`source.${v}`)}</Tag> : ''),
    },
    { title: t('description'), dataIndex: 'description', width: 240, ellipsis: true },
    {
      title: t('state'),
      dataIndex: 'enabledMark',
      width: 100,
      render: (v: number, r) => (
        <Switch
          size="small"
          checked={v === 1}
          loading={state.busy(r)}
          onChange={(on) => state.set(r, on ? 1 : 0)}
          aria-label={t('state')}
          data-testid={`rd-state-${r.enCode}`}
        />
      ),
    },
    { title: t('creator'), dataIndex: 'creatorName', width: 120, ellipsis: true },
    {
      title: t('modified'),
      dataIndex: 'updatedAt',
      width: 150,
      render: (v: number | null, r) => dayjs(v ?? r.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    actionsColumn<ReportSummary>(look, t('actions'), 180, (r) => ({
      actions: [{ key: 'design', label: t('design'), code: BUTTON_CODES.edit, testId: 'rd-design-row', onClick: () => setEditing(r.id) }],
      more: [
        { key: 'copy', label: t('copy'), code: BUTTON_CODES.add, onClick: () => void copy(r) },
        { key: 'delete', onClick: () => remove(r) },
      ],
    })),
  ];

  return (
    <ListPage<ReportSummary>
      look={look}
      testId="rd-page"
      search={{ onSearch: (k) => q.search(k) }}
      toolbar={
        <Auth code={BUTTON_CODES.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="rd-add">
            {t('add')}
          </Button>
        </Auth>
      }
      onRefresh={refresh}
      table={{ rowKey: 'id', loading: list.isFetching, dataSource: list.data?.list ?? [], columns, scroll: { x: 1300 } }}
      paging={q.paging(list.data?.pagination.total ?? 0)}
    >
      {editing && (
        <Suspense fallback={<Spin fullscreen />}>
          <ReportEditor
            id={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              refresh();
            }}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
