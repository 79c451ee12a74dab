import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Modal, Radio, Select, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TbCaseRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { tbApi, type TbForm } from './api.ts';
import { CaseDrawer } from './CaseDrawer.tsx';
import { NS } from './messages.ts';
import { SettingsTab } from './SettingsTab.tsx';
import { TbFormDialog } from './TbFormDialog.tsx';
import { TbTable, type TbTab } from './TbTable.tsx';
import './messages.ts';
import { useWorklistQuery, WorklistToolbar } from '../shared/WorklistToolbar.tsx';

type Tab = TbTab | 'settings';
const TABS: Tab[] = ['first72', 'due', 'missed', 'closing', 'patients', 'settings'];

/**
 * Pulmonary tuberculosis management (menu tuberculosis_manage, issue 18 M5):
 * the four worklists and all patients, paged on the server, scoped and masked;
 * register a notification, record the first visit, follow-ups and the closure
 * from a row; the case's details; the programme's settings.
 */
export default function TbPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>('first72');
  const query = useWorklistQuery();
  const { q, page, setPage } = query;
  const [formFor, setFormFor] = useState<{ form: TbForm; row: TbCaseRow } | null>(null);
  const [detail, setDetail] = useState<TbCaseRow | null>(null);
  const [notifyOpen, setNotifyOpen] = useState(false);

  const list = useQuery({
    queryKey: ['healthTb', tab, q],
    queryFn: async () => (tab === 'patients' ? await tbApi.cases(q) : await tbApi.worklist(tab as Exclude<TbTab, 'patients'>, q)).data,
    placeholderData: keepPreviousData,
    enabled: tab !== 'settings',
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['healthTb'] });

  return (
    <Card size="small" style={{ margin: 12 }} data-testid="tb-screen">
      {/* The toolbar above the tabs: six tab labels need the whole width in every language. */}
      {tab !== 'settings' && (
        <WorklistToolbar query={query} onRefresh={refresh} style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNotifyOpen(true)} data-testid="tb-notify">
            {t('notify')}
          </Button>
        </WorklistToolbar>
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as Tab);
          query.firstPage();
        }}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`tb-tab-${k}`}>{t(`tab.${k}`)}</span> }))}
      />
      {tab === 'settings' ? (
        <SettingsTab />
      ) : (
        <TbTable
          tab={tab}
          data={list.data}
          loading={list.isFetching}
          page={page}
          onPage={setPage}
          onForm={(form, row) => setFormFor({ form, row })}
          onDetail={setDetail}
        />
      )}
      {formFor && (
        <TbFormDialog
          form={formFor.form}
          caseId={formFor.row.caseId}
          name={formFor.row.fullName}
          onClose={() => setFormFor(null)}
          onSaved={refresh}
        />
      )}
      {detail && <CaseDrawer caseId={detail.caseId} onClose={() => setDetail(null)} onChanged={refresh} />}
      {notifyOpen && <NotifyDialog onClose={() => setNotifyOpen(false)} onDone={refresh} />}
    </Card>
  );
}

function NotifyDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const options = useQuery({
    queryKey: ['healthTb', 'candidates', keyword],
    queryFn: async () => (await tbApi.candidates(keyword)).data.list,
  });
  const ok = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await tbApi.notify({
        residentId: v.residentId,
        notifiedAt: (v.notifiedAt as dayjs.Dayjs).valueOf(),
        notifyOrg: v.notifyOrg,
        patientType: v.patientType,
        phase: v.phase,
      });
      toast.success(t('notified'));
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
      title={t('notify')}
      onCancel={onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          notifiedAt: dayjs().second(0).millisecond(0),
          patientType: '1',
          phase: '1',
          notifyOrg: '县疾病预防控制中心结核病门诊',
        }}
      >
        <Form.Item name="residentId" label={t('resident')} rules={[{ required: true }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder={t('residentPick')}
            loading={options.isFetching}
            options={(options.data ?? []).map((c) => ({ value: c.id, label: `${c.fullName}  ${c.idNumber}` }))}
            data-testid="tb-notify-resident"
          />
        </Form.Item>
        <Form.Item name="notifiedAt" label={t('notifiedAt')} rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="notifyOrg" label={t('notifyOrg')} rules={[{ required: true, whitespace: true }, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="patientType" label={t('patientType')}>
          <Radio.Group options={['1', '2'].map((k) => ({ value: k, label: t(`type.${k}`) }))} />
        </Form.Item>
        <Form.Item name="phase" label={t('phase')}>
          <Radio.Group options={['1', '2'].map((k) => ({ value: k, label: t(`phase.${k}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
