import { useState } from 'react';
import { Button, Card, Drawer, Empty, Input, Space, Table, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { healthApi, type EnterpriseQuery, type EnterpriseRow } from '../shared/healthApi.ts';
import { ResidentTable } from './ResidentTable.tsx';
import { NS } from './messages.ts';

type SortKey = NonNullable<EnterpriseQuery['sort']>;
const SORTABLE: SortKey[] = ['workUnit', 'persons', 'htn', 'dm', 'incomplete', 'inactive'];

/**
 * 企业人员健康 (group_enterprise_person): the employers recorded in the
 * residents' archives, with how many of their people are under hypertension
 * or diabetes management, have incomplete archives or were not seen for a
 * year; an employer opens its people in the resident table (masked, reveal
 * with a reason).
 */
export default function EnterprisesPage() {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const [q, setQ] = useState<EnterpriseQuery>({ currentPage: 1, pageSize: 20, keyword: '', sort: 'persons', order: 'desc' });
  const [open, setOpen] = useState<string | null>(null);
  const data = useQuery({ queryKey: ['health', 'enterprises', q], queryFn: async () => (await healthApi.enterprises(q)).data });
  const sortOrder = (key: SortKey): SortOrder => (q.sort === key ? (q.order === 'asc' ? 'ascend' : 'descend') : null);
  const figure = (key: Exclude<SortKey, 'workUnit'>, width = 120) => ({
    title: t(`ent.${key}`),
    dataIndex: key,
    key,
    width,
    align: 'right' as const,
    sorter: true,
    sortOrder: sortOrder(key),
  });
  const columns = [
    {
      title: t('ent.workUnit'),
      dataIndex: 'workUnit',
      key: 'workUnit',
      sorter: true,
      sortOrder: sortOrder('workUnit'),
      render: (v: string) => (
        <a onClick={() => setOpen(v)} data-testid="enterprise-name">
          {v}
        </a>
      ),
    },
    figure('persons', 90),
    {
      title: t('ent.sexes'),
      key: 'sexes',
      width: 100,
      align: 'right' as const,
      render: (_: unknown, r: EnterpriseRow) => `${r.men} / ${r.women}`,
    },
    figure('htn'),
    figure('dm'),
    figure('incomplete'),
    figure('inactive'),
  ];
  const search = () => setQ({ ...q, keyword, currentPage: 1 });
  return (
    <Card>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('ent.hint')}
      </Typography.Text>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={t('ent.keyword')}
          value={keyword}
          maxLength={50}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
          style={{ width: 220 }}
          data-testid="enterprise-keyword"
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {t('search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            setKeyword('');
            setQ({ currentPage: 1, pageSize: q.pageSize, keyword: '', sort: 'persons', order: 'desc' });
          }}
        >
          {t('reset')}
        </Button>
      </Space>
      <Table<EnterpriseRow>
        rowKey="workUnit"
        size="middle"
        loading={data.isLoading || data.isFetching}
        dataSource={data.data?.list ?? []}
        columns={columns}
        locale={{ emptyText: <Empty description={t('ent.empty')} /> }}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('ent.total', { total }),
        }}
        onChange={(p, _f, s) => {
          const sorter = Array.isArray(s) ? s[0] : s;
          const key = SORTABLE.find((k) => k === sorter?.columnKey);
          setQ({
            ...q,
            currentPage: p.current ?? 1,
            pageSize: p.pageSize ?? 20,
            sort: sorter?.order && key ? key : 'persons',
            order: sorter?.order === 'ascend' ? 'asc' : 'desc',
          });
        }}
        data-testid="enterprise-table"
      />
      <Drawer
        open={open !== null}
        width="min(1200px, 96vw)"
        title={open ? t('ent.people', { unit: open }) : ''}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open && <ResidentTable workUnit={open} />}
      </Drawer>
    </Card>
  );
}
