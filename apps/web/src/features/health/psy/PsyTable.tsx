import { useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PsyWorklist } from '@medalliance/contract';
import { MaskedText } from '../shared/MaskedText.tsx';
import { fmtDate } from '../chronic/format.ts';
import { psyApi, type PsyRow } from './api.ts';
import { EnrolDialog, OutcomeDialog } from './EnrolDialog.tsx';
import { classTag, riskTag, stateTag } from './labels.tsx';
import { NS } from './messages.ts';
import { PatientDrawer } from './PatientDrawer.tsx';
import { PsyReveal, type PsyRevealed } from './PsyReveal.tsx';
import { VisitDialog } from './VisitDialog.tsx';
import { useWorklistQuery, WorklistToolbar } from '../shared/WorklistToolbar.tsx';

/** The patients (source 'patients') or one worklist, paged on the server, with the row actions. */
export function PsyTable({ source }: { source: 'patients' | PsyWorklist }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const query = useWorklistQuery();
  const { q, page, setPage } = query;
  const [visitFor, setVisitFor] = useState<PsyRow | null>(null);
  const [recordFor, setRecordFor] = useState<PsyRow | null>(null);
  const [outcomeFor, setOutcomeFor] = useState<PsyRow | null>(null);
  const [enrolOpen, setEnrolOpen] = useState(false);
  const [revealed, setRevealed] = useState<Record<string, PsyRevealed>>({});

  const list = useQuery({
    queryKey: ['healthPsy', source, q],
    queryFn: async () => (source === 'patients' ? await psyApi.patients(q) : await psyApi.worklist(source, q)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['healthPsy'] });
  const planList = source === 'unstable' || source === 'overdue';
  const rv = (r: PsyRow) => revealed[r.residentId];

  const person: ColumnsType<PsyRow> = [
    {
      title: t('name'),
      key: 'name',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <MaskedText value={r.fullName} revealed={rv(r)?.fullName} testId="psy-name" />
          {!rv(r) && <PsyReveal residentId={r.residentId} onRevealed={(v) => setRevealed((m) => ({ ...m, [r.residentId]: v }))} />}
        </Space>
      ),
    },
    { title: t('idNumber'), key: 'id', width: 180, render: (_, r) => <MaskedText value={r.idNumber} revealed={rv(r)?.idNumber} /> },
    { title: t('phone'), key: 'phone', width: 120, render: (_, r) => <MaskedText value={r.phone} revealed={rv(r)?.phone} /> },
    { title: t('org'), dataIndex: 'orgName', key: 'org', width: 130, ellipsis: true },
    { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor', width: 80 },
  ];
  const planCols: ColumnsType<PsyRow> = [
    { title: t('planKind'), key: 'kind', width: 120, render: (_, r) => t(`kind.${r.planKind}`) },
    { title: t('planDate'), key: 'planDate', width: 110, render: (_, r) => fmtDate(r.planDate) },
    { title: t('window'), key: 'window', width: 200, render: (_, r) => `${fmtDate(r.windowStart)} ~ ${fmtDate(r.windowEnd)}` },
    { title: t('state'), key: 'state', width: 70, render: (_, r) => stateTag(t, r.planState) },
  ];
  const patientCols: ColumnsType<PsyRow> = [
    { title: t('age'), dataIndex: 'age', key: 'age', width: 55, align: 'right' },
    { title: t('diagnosis'), dataIndex: 'diagnosisName', key: 'diagnosis', width: 150, ellipsis: true },
    {
      title: t('guardian'),
      key: 'guardian',
      width: 130,
      render: (_, r) => (
        <span>
          <MaskedText value={r.guardianName} revealed={rv(r)?.guardianName} />
          {r.guardianRelation ? ` (${r.guardianRelation})` : ''}
        </span>
      ),
    },
    { title: t('lastVisit'), key: 'lastVisit', width: 100, render: (_, r) => fmtDate(r.lastVisitAt) },
    { title: t('lastClass'), key: 'lastClass', width: 90, render: (_, r) => classTag(t, r.lastClassification) },
    { title: t('risk'), key: 'risk', width: 70, render: (_, r) => riskTag(t, r.lastRiskLevel) },
    {
      title: t('flags'),
      key: 'flags',
      width: 110,
      render: (_, r) => (
        <Space size={2}>
          {r.locked ? <Tag color="volcano">{t('locked')}</Tag> : null}
          {r.inHospital ? <Tag color="purple">{t('inHospital')}</Tag> : null}
          {r.outcome ? <Tag>{t(`outcome.${r.outcome}`)}</Tag> : null}
        </Space>
      ),
    },
  ];
  const actions: ColumnsType<PsyRow> = [
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: source === 'patients' ? 170 : 120,
      render: (_, r) => (
        <Space size={0}>
          {(r.outcome ?? 0) !== 2 && (
            <Button type="link" size="small" onClick={() => setVisitFor(r)} data-testid={`psy-record-${r.residentId}`}>
              {t('recordVisit')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setRecordFor(r)} data-testid={`psy-open-${r.residentId}`}>
            {t('openRecord')}
          </Button>
          {source === 'patients' && r.outcome !== 2 && (
            <Button type="link" size="small" onClick={() => setOutcomeFor(r)}>
              {t('changeOutcome')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const columns = [...person, ...(planList ? planCols : patientCols), ...actions];

  return (
    <>
      <WorklistToolbar query={query} onRefresh={refresh} style={{ marginBottom: 8 }}>
        {source === 'patients' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEnrolOpen(true)} data-testid="psy-enrol">
            {t('enrol')}
          </Button>
        )}
      </WorklistToolbar>
      <div data-testid={`psy-table-${source}`}>
        <Table<PsyRow>
          rowKey={(r) => r.planId ?? r.enrolmentId}
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 1300 }}
          locale={{ emptyText: t('noData') }}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: list.data?.pagination.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => <span data-testid="psy-total">{t('total', { total })}</span>,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          }}
        />
      </div>
      {visitFor && (
        <VisitDialog residentId={visitFor.residentId} name={visitFor.fullName} onClose={() => setVisitFor(null)} onSaved={refresh} />
      )}
      {recordFor && <PatientDrawer row={recordFor} onClose={() => setRecordFor(null)} />}
      {enrolOpen && <EnrolDialog onClose={() => setEnrolOpen(false)} onDone={refresh} />}
      {outcomeFor && <OutcomeDialog row={outcomeFor} onClose={() => setOutcomeFor(null)} onDone={refresh} />}
    </>
  );
}
