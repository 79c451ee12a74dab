import { useCallback, useMemo, useState } from 'react';
import { Button, Empty } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { departmentApi, organizeApi } from '../../../api/permission.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { actionsColumn, ListPage, permissionLook as look, useDeleteRow, useListQuery } from '../../../components/listPage/index.ts';
import type { PickNode } from '../../../components/pickers/org/selection.ts';
import { toPickNodes, type TreeSource } from '../../../components/pickers/org/sources.ts';
import { NS } from '../messages.ts';
import { OrgSideTree } from '../shared/OrgSideTree.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';
import { OrgNameCell, keysWithChildren, toOrgRows, useOrgTreeExpansion, type OrgRow } from '../shared/orgTreeRows.tsx';
import { refreshPermissionData } from '../shared/refresh.ts';
import { DepartmentForm, type DepartmentFormTarget } from './DepartmentForm.tsx';
import '../permission.css';

/** Companies only, for the side tree. */
const companySource: TreeSource = {
  key: ['organize', 'companies'],
  load: async (keyword) => toPickNodes((await organizeApi.tree(keyword, 'company')).data.list),
  resolve: async () => [],
};

/**
 * Departments (spec §7.4): companies on the left, the chosen company's
 * departments as a tree on the right with search and paging, create / edit /
 * delete with the spec's confirmation.
 */
export default function DepartmentPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [company, setCompany] = useState<PickNode | null>(null);
  // The company's whole tree comes at once and pages here; the keyword goes to the server.
  const { query, search, filter, paging } = useListQuery();
  const [editing, setEditing] = useState<DepartmentFormTarget | null>(null);

  const list = useQuery({
    queryKey: ['permission', 'department', company?.id, query.keyword],
    queryFn: async () => toOrgRows((await departmentApi.ofCompany(company!.id, query.keyword)).data.list),
    enabled: !!company,
  });
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const tree = useOrgTreeExpansion(rows, () => (query.keyword ? keysWithChildren(rows) : []));

  const chooseCompany = useCallback(
    (id: string | null, node: PickNode | null) => {
      setCompany(id ? node : null);
      filter({});
    },
    [filter],
  );
  const remove = useDeleteRow(
    look,
    (row: OrgRow) => departmentApi.remove(row.id),
    () => refreshPermissionData(client),
  );

  const columns: ColumnsType<OrgRow> = [
    { title: t('dept.fullName'), dataIndex: 'fullName', render: (_, r) => <OrgNameCell row={r} type="department" /> },
    { title: t('dept.enCode'), dataIndex: 'enCode', width: 220 },
    { title: t('common.status'), dataIndex: 'enabledMark', width: 90, render: (v: number) => <StatusTag enabled={v === 1} /> },
    { title: t('common.sortCode'), dataIndex: 'sortCode', width: 80 },
    actionsColumn<OrgRow>(look, t('common.actions'), 150, (r) => ({
      actions: [
        { key: 'edit', onClick: () => setEditing({ id: r.id }) },
        { key: 'delete', onClick: () => remove(r) },
      ],
    })),
  ];

  return (
    <ListPage<OrgRow>
      look={look}
      testId="page-department"
      side={
        <OrgSideTree
          title={t('dept.companies')}
          source={companySource}
          value={company?.id ?? null}
          onChange={chooseCompany}
          autoSelectFirst
        />
      }
      search={{ onSearch: search }}
      toolbar={
        <>
          <Auth code={BUTTON_CODES.add}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!company}
              onClick={() => setEditing({ id: null, parentId: company?.id })}
            >
              {t('common.add')}
            </Button>
          </Auth>
          {company ? <span className="ma-perm-muted">{company.organize ?? company.fullName}</span> : null}
        </>
      }
      tools={tree.tools}
      onRefresh={() => void list.refetch()}
      refreshDisabled={!company}
      table={{
        loading: list.isFetching,
        dataSource: rows,
        columns,
        expandable: tree.expandable,
        locale: {
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={company ? t('common.noData') : t('dept.chooseCompany')} />,
        },
      }}
      paging={paging(rows.length)}
      actionCodes={['btn_edit', 'btn_remove']}
      flexibleWidth={240}
    >
      <DepartmentForm target={editing} onClose={() => setEditing(null)} onSaved={() => refreshPermissionData(client)} />
    </ListPage>
  );
}
