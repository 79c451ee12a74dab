import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChronicProgramme, Worklist } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { MaskedText } from '../shared/MaskedText.tsx';
import { useWorklistQuery, WorklistToolbar } from '../shared/WorklistToolbar.tsx';
import { chronicApi, type Candidate, type ChronicRow } from './api.ts';
import { fmtDate, fmtTime } from './format.ts';
import { NS } from './messages.ts';
import { VisitDialog } from './VisitDialog.tsx';
import './messages.ts';

type Tab = Worklist | 'patients';
const TABS: Tab[] = ['due', 'overdue', 'recheck', 'referral', 'late', 'patients'];
const STATE_COLOR: Record<string, string> = { due: 'blue', overdue: 'red', visited: 'green', upcoming: 'default' };
const CLASS_COLOR: Record<string, string> = { '1': 'green', '2': 'orange', '3': 'purple', '4': 'red' };

/**
 * Hypertension or diabetes management (issue 17, M3) for a doctor and unit:
 * the five worklists and the enrolled patients, each paged on the server,
 * scoped to the caller's units and masked; record a visit from any row;
 * enrol a resident of the unit; change a patient's outcome.
 */
export function ChronicScreen({ programme }: { programme: ChronicProgramme }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>('due');
  const query = useWorklistQuery();
  const { q, page, setPage } = query;
  const [visitFor, setVisitFor] = useState<ChronicRow | null>(null);
  const [enrolOpen, setEnrolOpen] = useState(false);
  const [outcomeFor, setOutcomeFor] = useState<ChronicRow | null>(null);

  const list = useQuery({
    queryKey: ['healthChronic', programme, tab, q],
    queryFn: async () => (tab === 'patients' ? await chronicApi.patients(programme, q) : await chronicApi.worklist(programme, tab, q)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['healthChronic', programme] });

  const person: ColumnsType<ChronicRow> = [
    { title: t('name'), key: 'name', render: (_, r) => <MaskedText value={r.fullName} testId="chronic-name" />, width: 110 },
    { title: t('idNumber'), key: 'id', render: (_, r) => <MaskedText value={r.idNumber} />, width: 190 },
    { title: t('phone'), key: 'phone', render: (_, r) => <MaskedText value={r.phone} />, width: 130 },
    { title: t('org'), dataIndex: 'orgName', key: 'org', ellipsis: true },
    { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor', width: 100 },
  ];
  const planCols: ColumnsType<ChronicRow> = [
    { title: t('planDate'), key: 'planDate', render: (_, r) => fmtDate(r.planDate), width: 110 },
    { title: t('window'), key: 'window', render: (_, r) => `${fmtDate(r.windowStart)} ~ ${fmtDate(r.windowEnd)}`, width: 210 },
    {
      title: t('state'),
      key: 'state',
      render: (_, r) => <Tag color={STATE_COLOR[r.planState ?? '']}>{t(`state.${r.planState}`)}</Tag>,
      width: 80,
    },
  ];
  const classTag = (c: string | null | undefined) => (c ? <Tag color={CLASS_COLOR[c]}>{t(`class.${c}`)}</Tag> : '—');
  const patientCols: ColumnsType<ChronicRow> = [
    { title: t('age'), dataIndex: 'age', key: 'age', width: 60, align: 'right' },
    { title: t('lastVisit'), key: 'lastVisit', render: (_, r) => fmtDate(r.lastVisitAt), width: 110 },
    { title: t('lastClass'), key: 'lastClass', render: (_, r) => classTag(r.lastClassification), width: 110 },
    {
      title: t('referral'),
      key: 'referral',
      render: (_, r) =>
        r.referralFlag ? <Tag color={r.referralFlag === 2 ? 'red' : 'orange'}>{t(`referral.${r.referralFlag}`)}</Tag> : '—',
      width: 100,
    },
    { title: t('outcome'), key: 'outcome', render: (_, r) => t(`outcome.${r.outcome ?? 0}`), width: 100 },
  ];
  const lateCols: ColumnsType<ChronicRow> = [
    { title: t('visitDate'), key: 'visitDate', render: (_, r) => fmtDate(r.visitDate), width: 110 },
    { title: t('enteredAt'), key: 'enteredAt', render: (_, r) => fmtTime(r.enteredAt), width: 150 },
    {
      title: t('values'),
      key: 'values',
      render: (_, r) =>
        programme === 'dm' && r.glucose !== null ? `${r.glucose} mmol/L` : `${r.systolic ?? '—'}/${r.diastolic ?? '—'} mmHg`,
      width: 130,
    },
    { title: t('classification'), key: 'class', render: (_, r) => classTag(r.classification), width: 110 },
  ];
  const actions: ColumnsType<ChronicRow> = [
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: tab === 'patients' ? 170 : 100,
      render: (_, r) => (
        <Space size={4}>
          {(r.outcome ?? 0) !== 2 && (
            <Button type="link" size="small" onClick={() => setVisitFor(r)} data-testid={`chronic-record-${r.residentId}`}>
              {t('recordVisit')}
            </Button>
          )}
          {tab === 'patients' && r.outcome !== 2 && (
            <Button type="link" size="small" onClick={() => setOutcomeFor(r)}>
              {t('changeOutcome')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const columns = [
    ...person,
    ...(tab === 'due' || tab === 'overdue' || tab === 'recheck' ? planCols : tab === 'late' ? lateCols : patientCols),
    ...actions,
  ];

  return (
    <Card size="small" style={{ margin: 12 }} data-testid={`chronic-screen-${programme}`}>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as Tab);
          query.firstPage();
        }}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`chronic-tab-${k}`}>{t(`tab.${k}`)}</span> }))}
        tabBarExtraContent={
          <WorklistToolbar query={query} onRefresh={refresh}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEnrolOpen(true)} data-testid="chronic-enrol">
              {t('enrol')}
            </Button>
          </WorklistToolbar>
        }
      />
      <div data-testid="chronic-table">
        <Table<ChronicRow>
          rowKey={(r) => r.planId ?? r.visitId ?? r.enrolmentId}
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 1100 }}
          locale={{ emptyText: t('noData') }}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: list.data?.pagination.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => <span data-testid="chronic-total">{t('total', { total })}</span>,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          }}
        />
      </div>
      {visitFor && (
        <VisitDialog
          programme={programme}
          residentId={visitFor.residentId}
          name={visitFor.fullName}
          onClose={() => setVisitFor(null)}
          onSaved={refresh}
        />
      )}
      {enrolOpen && <EnrolDialog programme={programme} onClose={() => setEnrolOpen(false)} onDone={refresh} />}
      {outcomeFor && <OutcomeDialog programme={programme} row={outcomeFor} onClose={() => setOutcomeFor(null)} onDone={refresh} />}
    </Card>
  );
}

function EnrolDialog({ programme, onClose, onDone }: { programme: ChronicProgramme; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const options = useQuery({
    queryKey: ['healthChronic', programme, 'candidates', keyword],
    queryFn: async () => (await chronicApi.candidates(programme, keyword)).data.list,
  });
  const label = (c: Candidate) => `${c.fullName}  ${c.idNumber}${c.age !== null ? `  ${c.age}` : ''}`;
  const ok = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const day = (d: { year(): number; month(): number; date(): number } | undefined) =>
        d ? Date.UTC(d.year(), d.month(), d.date()) : undefined;
      await chronicApi.enrol(programme, {
        residentId: v.residentId,
        diagnosedAt: day(v.diagnosedAt),
        managementGroup: v.managementGroup,
        riskLevel: v.riskLevel,
      });
      toast.success(t('enrolled'));
      onDone();
      onClose();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t(programme)} - ${t('enrol')}`}
      onCancel={onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ managementGroup: '9', riskLevel: '2' }}>
        <Form.Item name="residentId" label={t('resident')} rules={[{ required: true }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder={t('residentPick')}
            loading={options.isFetching}
            options={(options.data ?? []).map((c) => ({ value: c.id, label: label(c) }))}
            data-testid="chronic-enrol-resident"
          />
        </Form.Item>
        <Form.Item name="diagnosedAt" label={t('diagnosedAt')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="managementGroup" label={t('managementGroup')}>
          <Select options={['1', '2', '3', '9'].map((k) => ({ value: k, label: t(`group.${k}`) }))} />
        </Form.Item>
        <Form.Item name="riskLevel" label={t('riskLevel')}>
          <Select options={['1', '2', '3', '4'].map((k) => ({ value: k, label: t(`risk.${k}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function OutcomeDialog({
  programme,
  row,
  onClose,
  onDone,
}: {
  programme: ChronicProgramme;
  row: ChronicRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const choices = [0, 1, 2].filter((o) => o !== (row.outcome ?? 0));
  const ok = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await chronicApi.outcome(programme, row.enrolmentId, v.outcome, v.reason ?? '');
      toast.success(t('outcomeSaved'));
      onDone();
      onClose();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('changeOutcome')} - ${row.fullName}`}
      onCancel={onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ outcome: choices[0] }}>
        <Form.Item name="outcome" label={t('outcome')} rules={[{ required: true }]}>
          <Select options={choices.map((o) => ({ value: o, label: t(`outcome.${o}`) }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {({ getFieldValue }) => (
            <Form.Item
              name="reason"
              label={t('reason')}
              rules={[{ required: getFieldValue('outcome') !== 0, message: t('reasonRequired') }]}
            >
              <Input.TextArea maxLength={500} rows={3} />
            </Form.Item>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
