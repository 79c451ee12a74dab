import { useState } from 'react';
import { Card, DatePicker, Select, Space, Statistic, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consultApi, type ChargeLine } from './api.ts';
import { fen } from './format.ts';
import { NS } from './messages.ts';

/** 收费查询 (charge_query): charges of held consultations by unit and month (China time), from the fee schedule in force when held. */
export default function ChargePage() {
  const { t } = useTranslation(NS);
  const [q, setQ] = useState({ month: '', orgId: '' });
  const data = useQuery({ queryKey: ['consult', 'charges', q], queryFn: async () => (await consultApi.charges(q)).data });
  const options = useQuery({ queryKey: ['consult', 'options'], queryFn: async () => (await consultApi.options()).data });
  const units = (options.data?.orgs ?? []).filter((o) => o.category === 'company' && o.parentId !== '-1');
  return (
    <Card data-testid="consult-charge-page">
      <Space wrap style={{ marginBottom: 12 }} size="large">
        <DatePicker picker="month" onChange={(v) => setQ({ ...q, month: v ? v.format('YYYY-MM') : '' })} placeholder={t('month')} />
        <Select
          allowClear
          style={{ width: 220 }}
          placeholder={t('org')}
          onChange={(v?: string) => setQ({ ...q, orgId: v ?? '' })}
          options={units.map((o) => ({ value: o.id, label: o.fullName }))}
        />
        <Statistic title={t('chargeCount')} value={data.data?.total.count ?? 0} />
        <Statistic title={t('chargeAmount')} value={fen(data.data?.total.amount ?? 0)} data-testid="consult-charge-total" />
      </Space>
      <Table<ChargeLine>
        rowKey={(r) => `${r.month}|${r.orgId}`}
        size="middle"
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        pagination={{ pageSize: 20, showTotal: (n) => t('total', { n }) }}
        expandable={{
          expandedRowRender: (r) => (
            <Table
              size="small"
              rowKey={(d) => `${d.mode}|${d.urgency}`}
              pagination={false}
              dataSource={r.detail}
              columns={[
                { title: t('mode'), dataIndex: 'mode', render: (v: string) => t(`mode.${v}`) },
                { title: t('urgency'), dataIndex: 'urgency', render: (v: string) => t(`urgency.${v}`) },
                { title: t('chargeCount'), dataIndex: 'count' },
                { title: t('chargeAmount'), dataIndex: 'amount', render: fen },
              ]}
            />
          ),
        }}
        columns={[
          { title: t('month'), dataIndex: 'month', width: 120 },
          { title: t('org'), dataIndex: 'orgName' },
          { title: t('chargeCount'), dataIndex: 'count', width: 140 },
          { title: t('chargeAmount'), dataIndex: 'amount', width: 160, render: fen },
        ]}
      />
    </Card>
  );
}
