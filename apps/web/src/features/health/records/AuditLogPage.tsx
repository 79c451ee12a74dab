import { useState } from 'react';
import { Card, Empty, Input, Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { healthApi, type AuditLogRow } from '../shared/healthApi.ts';
import { time } from './format.ts';
import { NS } from './messages.ts';

const COLORS: Record<string, string> = { view: 'default', edit: 'blue', export: 'purple', print: 'cyan', reveal: 'red' };

/** 健康数据审计 (health_audit_log): every view, edit, export, print and reveal, searchable, for the auditor role. */
export default function AuditLogPage() {
  const { t } = useTranslation(NS);
  const [q, setQ] = useState({ currentPage: 1, pageSize: 20, action: '', keyword: '' });
  const data = useQuery({ queryKey: ['health', 'auditLog', q], queryFn: async () => (await healthApi.auditLog(q)).data });
  return (
    <Card title={t('auditLog')}>
      <Space style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 160 }}
          value={q.action}
          onChange={(v) => setQ({ ...q, action: v, currentPage: 1 })}
          options={[
            { value: '', label: t('allActions') },
            ...['view', 'edit', 'export', 'print', 'reveal'].map((a) => ({ value: a, label: t(`a.${a}`) })),
          ]}
        />
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={t('auditKeyword')}
          onSearch={(v) => setQ({ ...q, keyword: v, currentPage: 1 })}
          style={{ width: 240 }}
        />
      </Space>
      <Table<AuditLogRow>
        rowKey="id"
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        columns={[
          { title: t('at'), dataIndex: 'at', width: 150, render: (v: number) => time(v) },
          { title: t('user'), dataIndex: 'userName', render: (v: string | null, r) => `${v ?? ''} (${r.account ?? ''})` },
          { title: t('org'), dataIndex: 'orgName' },
          { title: t('action'), dataIndex: 'action', width: 120, render: (v: string) => <Tag color={COLORS[v]}>{t(`a.${v}`)}</Tag> },
          { title: t('record'), dataIndex: 'residentName' },
          { title: t('target'), dataIndex: 'target' },
          { title: t('reason'), dataIndex: 'reason' },
          { title: t('ip'), dataIndex: 'ip', width: 120 },
        ]}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (p, s) => setQ({ ...q, currentPage: p, pageSize: s }),
        }}
      />
    </Card>
  );
}
