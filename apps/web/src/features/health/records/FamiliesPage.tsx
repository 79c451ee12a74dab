import { useState } from 'react';
import { Button, Card, Drawer, Empty, Input, Select, Space, Table, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MaskedText } from '../shared/MaskedText.tsx';
import { healthApi, type FamilyRow, type ResidentRow } from '../shared/healthApi.ts';
import { day } from './format.ts';
import { NS } from './messages.ts';

/** 家庭档案 (family_manage): families in scope with head and members; members' relation to the head. */
export default function FamiliesPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [q, setQ] = useState({
    currentPage: 1,
    pageSize: 20,
    keyword: '',
    sort: undefined as 'familyName' | 'memberCount' | undefined,
    order: 'asc' as 'asc' | 'desc',
  });
  const [open, setOpen] = useState<string | null>(null);
  const data = useQuery({ queryKey: ['health', 'families', q], queryFn: async () => (await healthApi.families(q)).data });
  const detail = useQuery({
    queryKey: ['health', 'family', open],
    queryFn: async () => (await healthApi.family(open!)).data,
    enabled: !!open,
  });
  return (
    <Card>
      <Space style={{ marginBottom: 12 }}>
        <Input
          allowClear
          maxLength={50}
          placeholder={t('familyName')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => setQ({ ...q, keyword, currentPage: 1 })}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={() => setQ({ ...q, keyword, currentPage: 1 })}>
          {t('search')}
        </Button>
      </Space>
      <Table<FamilyRow>
        rowKey="id"
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        columns={[
          {
            title: t('familyName'),
            dataIndex: 'familyName',
            key: 'familyName',
            sorter: true,
            render: (v: string, r) => <a onClick={() => setOpen(r.id)}>{v}</a>,
          },
          { title: t('head'), dataIndex: 'headName', render: (v: string | null) => <MaskedText value={v} /> },
          { title: t('members'), dataIndex: 'memberCount', key: 'memberCount', sorter: true, width: 90 },
          { title: t('address'), dataIndex: 'address' },
          { title: t('unit'), dataIndex: 'manageOrgName' },
          { title: t('doctor'), dataIndex: 'doctorName', width: 90 },
        ]}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showTotal: (total) => t('total', { total }),
        }}
        onChange={(p, _f, s) => {
          const sorter = Array.isArray(s) ? s[0] : s;
          const key = sorter?.order ? (String(sorter.columnKey) as 'familyName' | 'memberCount') : undefined;
          setQ({
            ...q,
            currentPage: p.current ?? 1,
            pageSize: p.pageSize ?? 20,
            sort: key,
            order: sorter?.order === 'descend' ? 'desc' : 'asc',
          });
        }}
      />
      <Drawer open={!!open} width={720} title={detail.data?.family.familyName} onClose={() => setOpen(null)} destroyOnHidden>
        <Table<ResidentRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={detail.data?.members ?? []}
          columns={[
            { title: t('fullName'), dataIndex: 'fullName', render: (v: string) => <MaskedText value={v} /> },
            { title: t('relation'), dataIndex: 'relationToHead', render: (v: string | null) => (v ? <Tag>{t(`rel.${v}`)}</Tag> : '—') },
            { title: t('sex'), dataIndex: 'sex', render: (v: string | null) => (v ? t(`sex.${v}`) : '—') },
            { title: t('birthDate'), dataIndex: 'birthDate', render: (v: number | null) => day(v) },
            { title: t('idNumber'), dataIndex: 'idNumber', render: (v: string) => <MaskedText value={v} /> },
            { title: t('state'), dataIndex: 'archiveState', render: (v: number) => t(`state.${v}`) },
            {
              title: t('actions'),
              key: 'a',
              render: (_: unknown, r) =>
                r.relationToHead !== '0' && (
                  <Select
                    size="small"
                    style={{ width: 110 }}
                    value={r.relationToHead ?? undefined}
                    options={['1', '2', '3', '4', '5', '6', '7', '9'].map((c) => ({ value: c, label: t(`rel.${c}`) }))}
                    onChange={async (v) => {
                      await healthApi.setMember(open!, r.id, v);
                      void client.invalidateQueries({ queryKey: ['health'] });
                    }}
                  />
                ),
            },
          ]}
        />
      </Drawer>
    </Card>
  );
}
