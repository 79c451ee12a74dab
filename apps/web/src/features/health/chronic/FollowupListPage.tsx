import { useState } from 'react';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MaskedText } from '../shared/MaskedText.tsx';
import { chronicApi, type ChronicRow } from './api.ts';
import { fmtDate, fmtTime } from './format.ts';
import { NS } from './messages.ts';
import './messages.ts';

const CLASS_COLOR: Record<string, string> = { '1': 'green', '2': 'orange', '3': 'purple', '4': 'red' };

/** Menu page treatment_list (issue 17): follow-ups of every chronic programme in the caller's units, newest first, masked. */
export default function FollowupListPage() {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState({ keyword: '', programme: '', classification: '', lateEntry: '' });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const list = useQuery({
    queryKey: ['healthChronic', 'visits', filter, page],
    queryFn: async () => (await chronicApi.visits({ ...page, ...filter })).data,
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const columns: ColumnsType<ChronicRow> = [
    { title: t('visitDate'), key: 'visitDate', render: (_, r) => fmtDate(r.visitDate), width: 110 },
    { title: t('programme'), key: 'programme', render: (_, r) => t(r.programme ?? 'htn'), width: 110 },
    { title: t('name'), key: 'name', render: (_, r) => <MaskedText value={r.fullName} />, width: 100 },
    { title: t('idNumber'), key: 'id', render: (_, r) => <MaskedText value={r.idNumber} />, width: 190 },
    { title: t('method'), key: 'method', render: (_, r) => (r.visitMethod ? t(`method.${r.visitMethod}`) : '—'), width: 70 },
    {
      title: t('values'),
      key: 'values',
      render: (_, r) =>
        `${r.systolic ?? '—'}/${r.diastolic ?? '—'} mmHg${r.programme === 'dm' && r.glucose !== null ? ` · ${r.glucose} mmol/L` : ''}`,
      width: 190,
    },
    {
      title: t('classification'),
      key: 'class',
      render: (_, r) => (r.classification ? <Tag color={CLASS_COLOR[r.classification]}>{t(`class.${r.classification}`)}</Tag> : '—'),
      width: 110,
    },
    {
      title: t('referral'),
      key: 'referral',
      render: (_, r) =>
        r.referralFlag ? <Tag color={r.referralFlag === 2 ? 'red' : 'orange'}>{t(`referral.${r.referralFlag}`)}</Tag> : '—',
      width: 100,
    },
    { title: t('tab.late'), key: 'late', render: (_, r) => (r.lateEntry ? <Tag color="gold">{t('yes')}</Tag> : ''), width: 90 },
    { title: t('enteredAt'), key: 'entered', render: (_, r) => fmtTime(r.enteredAt), width: 150 },
    { title: t('org'), dataIndex: 'orgName', key: 'org', ellipsis: true },
    { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor', width: 100 },
  ];
  return (
    <Card size="small" style={{ margin: 12 }} data-testid="chronic-followups">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('keyword')}
          value={keyword}
          maxLength={50}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => set({ keyword: v.trim() })}
          style={{ width: 200 }}
        />
        <Select
          style={{ width: 150 }}
          value={filter.programme}
          onChange={(v) => set({ programme: v })}
          options={[
            { value: '', label: `${t('programme')}: ${t('all')}` },
            { value: 'htn', label: t('htn') },
            { value: 'dm', label: t('dm') },
          ]}
        />
        <Select
          style={{ width: 170 }}
          value={filter.classification}
          onChange={(v) => set({ classification: v })}
          options={[
            { value: '', label: `${t('classification')}: ${t('all')}` },
            ...['1', '2', '3', '4'].map((k) => ({ value: k, label: t(`class.${k}`) })),
          ]}
        />
        <Select
          style={{ width: 150 }}
          value={filter.lateEntry}
          onChange={(v) => set({ lateEntry: v })}
          options={[
            { value: '', label: `${t('tab.late')}: ${t('all')}` },
            { value: '1', label: t('lateOnly') },
          ]}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
          {t('refresh')}
        </Button>
      </Space>
      <Table<ChronicRow>
        rowKey={(r) => `${r.programme}:${r.visitId}`}
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1500 }}
        locale={{ emptyText: t('noData') }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
    </Card>
  );
}
