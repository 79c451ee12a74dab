import { useState } from 'react';
import { Alert, Badge, Button, Card, Space, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAT_WORKLISTS, type MatWorklist } from '@medalliance/contract';
import { fmtDate, matApi, visitTypeOf, type MatRow } from './api.ts';
import { personColumns, planColumns, pregnancyColumns, riskColumn, stateColumn, unitColumns } from './columns.tsx';
import { NS } from './messages.ts';
import { PregnancyDrawer } from './PregnancyDrawer.tsx';
import { VisitDialog } from './VisitDialog.tsx';
import './messages.ts';
import { useWorklistQuery, WorklistToolbar } from '../shared/WorklistToolbar.tsx';

const PLAN_LISTS: MatWorklist[] = ['stageDue', 'postpartumDue', 'check42Due'];

/** 孕产妇随访 (menu parturient_follow): the five worklists of the caller's units, a visit from any row. */
export default function FollowPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [tab, setTab] = useState<MatWorklist>('stageDue');
  const query = useWorklistQuery();
  const { q, page, setPage } = query;
  const [visitFor, setVisitFor] = useState<MatRow | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const m = q.mine;
  const list = useQuery({
    queryKey: ['healthMaternal', 'worklist', tab, q],
    queryFn: async () => (await matApi.worklist(tab, q)).data,
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({ queryKey: ['healthMaternal', 'counts', m], queryFn: async () => (await matApi.counts({ mine: m })).data });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['healthMaternal'] });

  const extra: ColumnsType<MatRow> = PLAN_LISTS.includes(tab)
    ? [
        ...(tab === 'stageDue'
          ? [
              {
                title: t('gestation'),
                key: 'g',
                width: 80,
                render: (_: unknown, r: MatRow) => (r.gestation ? t('gestationFmt', { g: r.gestation }) : ''),
              },
            ]
          : [
              { title: t('deliveryDate'), key: 'dd', width: 105, render: (_: unknown, r: MatRow) => fmtDate(r.deliveryDate) },
              { title: t('dischargeDate'), key: 'dc', width: 105, render: (_: unknown, r: MatRow) => fmtDate(r.dischargeDate) },
            ]),
        ...planColumns(t),
        riskColumn(t),
      ]
    : tab === 'earlyMissing'
      ? [
          { title: t('lmp'), key: 'lmp', width: 105, render: (_, r) => fmtDate(r.lmp) },
          { title: t('gestation'), key: 'g', width: 80, render: (_, r) => (r.gestation ? t('gestationFmt', { g: r.gestation }) : '') },
          {
            title: t('reason'),
            key: 'reason',
            render: (_, r) =>
              r.earlyReason ? (
                <span data-testid="mat-early-reason">
                  {t(`early.${r.earlyReason}`, { weeks: (r.registeredGestation ?? '').split('+')[0], days: r.earlyDaysLeft ?? 0 })}
                </span>
              ) : (
                ''
              ),
          },
          stateColumn(t),
        ]
      : pregnancyColumns(t);
  const columns: ColumnsType<MatRow> = [
    ...personColumns(t),
    ...extra,
    ...unitColumns(t),
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setVisitFor(r)} data-testid={`mat-visit-${r.residentId}`}>
            {t('recordVisit')}
          </Button>
          <Button type="link" size="small" onClick={() => setOpen(r.pregnancyId)}>
            {t('detail')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" style={{ margin: 12 }} data-testid="mat-follow">
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <WorklistToolbar query={query} onRefresh={refresh} />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as MatWorklist);
          query.firstPage();
        }}
        items={MAT_WORKLISTS.map((k) => ({
          key: k,
          label: (
            <span data-testid={`mat-tab-${k}`}>
              {t(`tab.${k}`)} <Badge count={counts.data?.[k] ?? 0} showZero color={k === 'highRisk' ? 'red' : 'blue'} overflowCount={999} />
            </span>
          ),
        }))}
      />
      {tab === 'earlyMissing' && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('earlyNote')} />}
      <div data-testid="mat-table">
        <Table<MatRow>
          rowKey={(r) => r.planId ?? r.pregnancyId}
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 1450 }}
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
      {visitFor && (
        <VisitDialog
          type={visitTypeOf(visitFor.planKind, visitFor)}
          residentId={visitFor.residentId}
          pregnancyId={visitFor.pregnancyId}
          name={visitFor.fullName}
          lmp={visitFor.lmp}
          deliveryDate={visitFor.deliveryDate ?? null}
          onClose={() => setVisitFor(null)}
          onSaved={refresh}
        />
      )}
      {open && <PregnancyDrawer id={open} onClose={() => setOpen(null)} onChanged={refresh} />}
    </Card>
  );
}
