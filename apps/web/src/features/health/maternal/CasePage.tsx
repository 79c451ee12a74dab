import { useState } from 'react';
import { Button, Card, Select, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAT_RISK_LEVELS, MAT_STATES } from '@medalliance/contract';
import { matApi, type MatRow } from './api.ts';
import { personColumns, pregnancyColumns, unitColumns } from './columns.tsx';
import { NS } from './messages.ts';
import { PregnancyDrawer } from './PregnancyDrawer.tsx';
import { RegisterDialog } from './RegisterDialog.tsx';
import './messages.ts';
import { useWorklistQuery, WorklistToolbar } from '../shared/WorklistToolbar.tsx';

/** 孕产妇档案 (menu parturient_case): the pregnancy records of the caller's units, register one, open one. */
export default function CasePage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const query = useWorklistQuery();
  const { page, setPage } = query;
  const [state, setState] = useState('');
  const [riskLevel, setRiskLevel] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  const q = { ...query.q, state, riskLevel };
  const list = useQuery({
    queryKey: ['healthMaternal', 'pregnancies', q],
    queryFn: async () => (await matApi.pregnancies(q)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['healthMaternal'] });
  const columns = [
    ...personColumns(t),
    ...pregnancyColumns(t),
    ...unitColumns(t),
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right' as const,
      width: 80,
      render: (_: unknown, r: MatRow) => (
        <Button type="link" size="small" onClick={() => setOpen(r.pregnancyId)} data-testid={`mat-open-${r.residentId}`}>
          {t('detail')}
        </Button>
      ),
    },
  ];
  const reset = query.firstPage;
  return (
    <Card size="small" style={{ margin: 12 }} data-testid="mat-case">
      <WorklistToolbar
        query={query}
        onRefresh={refresh}
        style={{ marginBottom: 12 }}
        filters={
          <>
            <Select
              style={{ width: 140 }}
              value={state}
              onChange={(v) => {
                setState(v);
                reset();
              }}
              options={[{ value: '', label: t('allStates') }, ...MAT_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))]}
            />
            <Select
              style={{ width: 120 }}
              value={riskLevel}
              onChange={(v) => {
                setRiskLevel(v);
                reset();
              }}
              options={[{ value: '', label: t('allRisks') }, ...MAT_RISK_LEVELS.map((s) => ({ value: s, label: t(`risk.${s}`) }))]}
            />
          </>
        }
      >
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)} data-testid="mat-register">
          {t('register')}
        </Button>
      </WorklistToolbar>
      <div data-testid="mat-table">
        <Table<MatRow>
          rowKey="pregnancyId"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 1350 }}
          locale={{ emptyText: t('noData') }}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: list.data?.pagination.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => <span data-testid="mat-total">{t('total', { total })}</span>,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          }}
        />
      </div>
      {registering && (
        <RegisterDialog
          onClose={() => setRegistering(false)}
          onDone={(id) => {
            refresh();
            setOpen(id);
          }}
        />
      )}
      {open && <PregnancyDrawer id={open} onClose={() => setOpen(null)} onChanged={refresh} />}
    </Card>
  );
}
