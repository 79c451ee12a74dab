import { useState } from 'react';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupApi, type GroupRow } from '../../../api/permission.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { actionsColumn, ListPage, permissionLook as look, useDeleteRow, useListQuery } from '../../../components/listPage/index.ts';
import { NS } from '../messages.ts';
import { StatusTag } from '../shared/StatusTag.tsx';
import { formatTime } from '../shared/formatTime.ts';
import { refreshPermissionData } from '../shared/refresh.ts';
import { GroupForm, groupTypeLabel } from './GroupForm.tsx';
import '../permission.css';

/** User groups (spec §7.4): keyword search, paging, create / edit / delete. */
export default function GroupPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const { query, search, paging } = useListQuery();
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);

  const list = useQuery({
    queryKey: ['permission', 'group', query],
    queryFn: async () => (await groupApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteRow(
    look,
    (row: GroupRow) => groupApi.remove(row.id),
    () => refreshPermissionData(client),
  );

  const columns: ColumnsType<GroupRow> = [
    { title: t('group.fullName'), dataIndex: 'fullName', width: 220 },
    { title: t('group.enCode'), dataIndex: 'enCode', width: 180 },
    { title: t('group.type'), dataIndex: 'type', width: 150, render: (v: string | null) => groupTypeLabel(t, v) },
    { title: t('common.status'), dataIndex: 'enabledMark', width: 90, render: (v: number) => <StatusTag enabled={v === 1} /> },
    { title: t('common.sortCode'), dataIndex: 'sortCode', width: 80 },
    { title: t('common.creatorTime'), dataIndex: 'creatorTime', width: 160, render: (v: number) => formatTime(v) },
    { title: t('common.description'), dataIndex: 'description', ellipsis: true },
    actionsColumn<GroupRow>(look, t('common.actions'), 130, (r) => ({
      actions: [
        { key: 'edit', onClick: () => setEditing({ id: r.id }) },
        { key: 'delete', onClick: () => remove(r) },
      ],
    })),
  ];

  return (
    <ListPage<GroupRow>
      look={look}
      testId="page-group"
      search={{ onSearch: search }}
      toolbar={
        <Auth code={BUTTON_CODES.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            {t('common.add')}
          </Button>
        </Auth>
      }
      onRefresh={() => void list.refetch()}
      table={{ loading: list.isFetching, dataSource: list.data?.list ?? [], columns }}
      paging={paging(list.data?.pagination.total ?? 0)}
      actionCodes={['btn_edit', 'btn_remove']}
      flexibleWidth={160}
    >
      <GroupForm target={editing} onClose={() => setEditing(null)} onSaved={() => refreshPermissionData(client)} />
    </ListPage>
  );
}
