import { useState } from 'react';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { psyApi, type PsyRow } from './api.ts';
import { NS } from './messages.ts';

type Day = { year(): number; month(): number; date(): number } | undefined;
const utcDay = (d: Day) => (d ? Date.UTC(d.year(), d.month(), d.date()) : undefined);

/** Enrols a resident of the caller's unit: diagnosis (the psyDiagnosis dictionary), diagnosed date, guardian. */
export function EnrolDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const options = useQuery({
    queryKey: ['healthPsy', 'candidates', keyword],
    queryFn: async () => (await psyApi.candidates(keyword)).data.list,
  });
  const dx = useQuery({
    queryKey: ['healthPsy', 'diagnoses'],
    queryFn: async () => (await psyApi.diagnoses()).data.list,
    staleTime: 300_000,
  });
  const ok = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await psyApi.enrol({ ...v, diagnosedAt: utcDay(v.diagnosedAt) });
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
      title={t('enrol')}
      onCancel={onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="residentId" label={t('resident')} rules={[{ required: true }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder={t('residentPick')}
            loading={options.isFetching}
            options={(options.data ?? []).map((c) => ({
              value: c.id,
              label: `${c.fullName}  ${c.idNumber}${c.age !== null ? `  ${c.age}` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="diagnosis" label={t('diagnosis')} rules={[{ required: true }]}>
          <Select options={(dx.data ?? []).map((d) => ({ value: d.code, label: d.name }))} />
        </Form.Item>
        <Form.Item name="diagnosedAt" label={t('diagnosedAt')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="guardianName" label={t('guardianName')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="guardianPhone" label={t('guardianPhone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="guardianRelation" label={t('guardianRelation')}>
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 管理中 ⇄ 暂时失访 → 终止管理, with a reason for the last two. */
export function OutcomeDialog({ row, onClose, onDone }: { row: PsyRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const choices = [0, 1, 2].filter((o) => o !== (row.outcome ?? 0));
  const ok = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await psyApi.outcome(row.enrolmentId, v.outcome, v.reason ?? '');
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
