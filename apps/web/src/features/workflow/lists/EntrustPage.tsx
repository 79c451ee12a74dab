import { useCallback, useState } from 'react';
import { Button, Empty, Result, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { actionsColumn, ListPage, useDeleteRow, useListQuery } from '../../../components/listPage/index.ts';
import { formatTime } from '../../permission/shared/formatTime.ts';
import { workflowListsApi, type EntrustRow } from './api.ts';
import { entrustPhase } from './entrust.ts';
import { EntrustForm } from './EntrustForm.tsx';
import { look } from './InstanceList.tsx';
import { NS } from './messages.ts';
import './messages.ts';

const PHASE_COLOR = { pending: 'default', active: 'success', ended: 'default' } as const;

/**
 * My entrust rules (spec §2.5 flowEntrust): who handles my tasks of one flow
 * or of all flows for a period, paged in SQL, with create, edit and delete.
 */
export default function EntrustPage() {
  const { t } = useTranslation(NS);
  const q = useListQuery();
  const [editing, setEditing] = useState<EntrustRow | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['workflow', 'entrust', q.query],
    queryFn: async () => (await workflowListsApi.entrusts({ ...q.query })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refresh = useCallback(() => list.refetch(), [list]);
  const remove = useDeleteRow(look, (row: EntrustRow) => workflowListsApi.removeEntrust(row.id), refresh);
  const at = Date.now();

  const columns: ColumnsType<EntrustRow> = [
    { title: t('entrust.delegate'), dataIndex: 'delegateName', width: 140, ellipsis: true },
    {
      title: t('entrust.flow'),
      dataIndex: 'flowName',
      width: 200,
      ellipsis: true,
      render: (v: string | null, r) => (r.flowId ? (v ?? r.flowId) : <Tag color="blue">{t('entrust.allFlows')}</Tag>),
    },
    { title: t('entrust.startAt'), dataIndex: 'startAt', width: 160, render: (v: number) => formatTime(v) },
    { title: t('entrust.endAt'), dataIndex: 'endAt', width: 160, render: (v: number) => formatTime(v) },
    {
      title: t('entrust.state'),
      key: 'phase',
      width: 100,
      render: (_: unknown, r) => {
        const phase = entrustPhase(r, at);
        return <Tag color={PHASE_COLOR[phase]}>{t(`entrust.${phase}`)}</Tag>;
      },
    },
    { title: t('entrust.description'), dataIndex: 'description', ellipsis: true },
    actionsColumn<EntrustRow>(look, t('actions'), 130, (r) => ({
      actions: [
        { key: 'edit', testId: 'wf-entrust-edit', onClick: () => setEditing(r) },
        { key: 'delete', testId: 'wf-entrust-delete', onClick: () => remove(r) },
      ],
    })),
  ];

  const emptyText = list.isError ? (
    <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void refresh()}>{t('retry')}</Button>} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
  );

  return (
    <ListPage<EntrustRow>
      look={look}
      testId="wf-entrust-page"
      search={{ onSearch: (k) => q.search(k), placeholder: t('entrust.keyword') }}
      toolbar={
        <Auth code={BUTTON_CODES.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="wf-entrust-add">
            {t('add')}
          </Button>
        </Auth>
      }
      onRefresh={() => void refresh()}
      table={{
        rowKey: 'id',
        loading: list.isFetching,
        dataSource: list.isError ? [] : (list.data?.list ?? []),
        columns,
        locale: { emptyText },
      }}
      flexibleWidth={240}
      paging={q.paging(list.data?.pagination.total ?? 0)}
      actionCodes={[BUTTON_CODES.edit, BUTTON_CODES.remove]}
    >
      <EntrustForm editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </ListPage>
  );
}
