import { useCallback, useState } from 'react';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { positionApi, type PositionRow } from '../../../api/permission.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { actionsColumn, ListPage, permissionLook as look, useDeleteRow, useListQuery } from '../../../components/listPage/index.ts';
import { NS } from '../messages.ts';
import { OrgSideTree } from '../shared/OrgSideTree.tsx';
import { OrgPath } from '../shared/OrgPath.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';
import { formatTime } from '../shared/formatTime.ts';
import { refreshPermissionData } from '../shared/refresh.ts';
import { PositionForm, positionTypeLabel } from './PositionForm.tsx';
import '../permission.css';

/**
 * Positions (spec §7.4): the organisation tree on the left narrows the paged
 * list on the right; keyword search, create / edit / delete.
 */
export default function PositionPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const { query, search, filter, paging } = useListQuery();
  const [organizeId, setOrganizeId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null; organizeId?: string } | null>(null);

  const list = useQuery({
    queryKey: ['permission', 'position', organizeId, query],
    queryFn: async () => (await positionApi.list({ ...query, organizeId: organizeId ?? '' })).data,
    placeholderData: keepPreviousData,
  });
  const chooseOrg = useCallback(
    (id: string | null) => {
      setOrganizeId(id);
      filter({});
    },
    [filter],
  );
  const remove = useDeleteRow(
    look,
    (row: PositionRow) => positionApi.remove(row.id),
    () => refreshPermissionData(client),
  );

  const columns: ColumnsType<PositionRow> = [
    { title: t('position.fullName'), dataIndex: 'fullName', width: 140, ellipsis: true },
    { title: t('position.enCode'), dataIndex: 'enCode', width: 150, ellipsis: true },
    { title: t('position.type'), dataIndex: 'type', width: 90, render: (v: string | null) => positionTypeLabel(t, v) },
    { title: t('position.organize'), dataIndex: 'organize', width: 170, render: (v: string) => <OrgPath path={v} /> },
    { title: t('common.status'), dataIndex: 'enabledMark', width: 80, render: (v: number) => <StatusTag enabled={v === 1} /> },
    { title: t('common.creatorTime'), dataIndex: 'creatorTime', width: 140, render: (v: number) => formatTime(v) },
    actionsColumn<PositionRow>(look, t('common.actions'), 120, (r) => ({
      actions: [
        { key: 'edit', onClick: () => setEditing({ id: r.id }) },
        { key: 'delete', onClick: () => remove(r) },
      ],
    })),
  ];

  return (
    <ListPage<PositionRow>
      look={look}
      testId="page-position"
      side={<OrgSideTree title={t('org.tree')} value={organizeId} onChange={chooseOrg} />}
      search={{ onSearch: search }}
      toolbar={
        <Auth code={BUTTON_CODES.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null, organizeId: organizeId ?? undefined })}>
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
      <PositionForm target={editing} onClose={() => setEditing(null)} onSaved={() => refreshPermissionData(client)} />
    </ListPage>
  );
}
