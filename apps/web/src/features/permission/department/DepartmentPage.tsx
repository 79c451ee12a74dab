import { useCallback, useMemo, useState, type Key } from 'react';
import { Button, Empty, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ColumnHeightOutlined, PlusOutlined, ReloadOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrganizeNode } from '@medalliance/contract';
import { departmentApi, organizeApi } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { NodeIcon } from '../../../components/pickers/org/NodeIcon.tsx';
import type { PickNode } from '../../../components/pickers/org/selection.ts';
import { toPickNodes, type TreeSource } from '../../../components/pickers/org/sources.ts';
import { NS } from '../messages.ts';
import { OrgSideTree } from '../shared/OrgSideTree.tsx';
import { SearchBar } from '../shared/SearchBar.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';
import { listPagination } from '../shared/pagination.ts';
import { refreshPermissionData } from '../shared/refresh.ts';
import { useConfirm } from '../shared/useConfirm.ts';
import { DepartmentForm, type DepartmentFormTarget } from './DepartmentForm.tsx';
import { scrollWidth } from '../shared/columns.ts';
import { useActionColumn } from '../shared/useActionColumn.ts';
import '../permission.css';

interface Row extends Omit<OrganizeNode, 'children'> {
  children?: Row[];
}

const toRows = (nodes: readonly OrganizeNode[]): Row[] =>
  nodes.map(({ children, ...n }) => (children?.length ? { ...n, children: toRows(children as unknown as OrganizeNode[]) } : n));

const keysWithChildren = (rows: Row[]): string[] =>
  rows.flatMap((r) => (r.children?.length ? [r.id, ...keysWithChildren(r.children)] : []));

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
  const confirm = useConfirm();
  const withActions = useActionColumn(['btn_edit', 'btn_remove']);
  const [company, setCompany] = useState<PickNode | null>(null);
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const [editing, setEditing] = useState<DepartmentFormTarget | null>(null);

  const list = useQuery({
    queryKey: ['permission', 'department', company?.id, keyword],
    queryFn: async () => toRows((await departmentApi.ofCompany(company!.id, keyword)).data.list),
    enabled: !!company,
  });
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const [expanded, setExpanded] = useState<{ for: unknown; keys: Key[] }>({ for: null, keys: [] });
  const expandedKeys = expanded.for === rows ? expanded.keys : keyword ? keysWithChildren(rows) : [];

  const chooseCompany = useCallback((id: string | null, node: PickNode | null) => {
    setCompany(id ? node : null);
    setPaging((p) => ({ ...p, current: 1 }));
  }, []);

  const remove = (row: Row) =>
    confirm(t('common.deleteConfirm'), async () => {
      await departmentApi.remove(row.id);
      toast.success(t('common.deleted'));
      refreshPermissionData(client);
    });

  const columns: ColumnsType<Row> = [
    {
      title: t('dept.fullName'),
      dataIndex: 'fullName',
      render: (_, r) => (
        <Space size={6}>
          <NodeIcon node={{ id: r.id, fullName: r.fullName, type: 'department' }} />
          <span>{r.fullName}</span>
        </Space>
      ),
    },
    { title: t('dept.enCode'), dataIndex: 'enCode', width: 220 },
    { title: t('common.status'), dataIndex: 'enabledMark', width: 90, render: (v: number) => <StatusTag enabled={v === 1} /> },
    { title: t('common.sortCode'), dataIndex: 'sortCode', width: 80 },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Auth code={BUTTON_CODES.edit}>
            <Button type="link" size="small" onClick={() => setEditing({ id: r.id })}>
              {t('common.edit')}
            </Button>
          </Auth>
          <Auth code={BUTTON_CODES.remove}>
            <Button type="link" size="small" danger onClick={() => remove(r)}>
              {t('common.delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <div className="ma-page ma-perm-page" data-testid="page-department">
      <div className="ma-perm-split">
        <OrgSideTree
          title={t('dept.companies')}
          source={companySource}
          value={company?.id ?? null}
          onChange={chooseCompany}
          autoSelectFirst
        />
        <div className="ma-perm-main">
          <SearchBar
            onSearch={(k) => {
              setKeyword(k);
              setPaging((p) => ({ ...p, current: 1 }));
            }}
          />
          <div className="ma-perm-toolbar">
            <Space>
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
            </Space>
            <Space size={4}>
              <Tooltip title={t('common.expandAll')}>
                <Button
                  type="text"
                  icon={<ColumnHeightOutlined />}
                  aria-label={t('common.expandAll')}
                  onClick={() => setExpanded({ for: rows, keys: keysWithChildren(rows) })}
                />
              </Tooltip>
              <Tooltip title={t('common.foldAll')}>
                <Button
                  type="text"
                  icon={<VerticalAlignMiddleOutlined />}
                  aria-label={t('common.foldAll')}
                  onClick={() => setExpanded({ for: rows, keys: [] })}
                />
              </Tooltip>
              <Tooltip title={t('common.refresh')}>
                <Button
                  type="text"
                  icon={<ReloadOutlined />}
                  aria-label={t('common.refresh')}
                  disabled={!company}
                  onClick={() => void list.refetch()}
                />
              </Tooltip>
            </Space>
          </div>
          <Table<Row>
            className="ma-perm-table"
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={rows}
            columns={withActions(columns)}
            scroll={{ x: scrollWidth(withActions(columns), 240) }}
            expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded({ for: rows, keys: [...keys] }) }}
            pagination={listPagination(t, {
              current: paging.current,
              pageSize: paging.pageSize,
              total: rows.length,
              onChange: (current, pageSize) => setPaging({ current, pageSize }),
            })}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={company ? t('common.noData') : t('dept.chooseCompany')} />
              ),
            }}
          />
        </div>
      </div>
      <DepartmentForm target={editing} onClose={() => setEditing(null)} onSaved={() => refreshPermissionData(client)} />
    </div>
  );
}
