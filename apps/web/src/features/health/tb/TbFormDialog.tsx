import { useState } from 'react';
import { Button, Form, Modal, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateRecord, type FormField } from '@medalliance/contract';
import { FormRenderer } from '../../../lowcode/renderer/FormRenderer.tsx';
import { initialValues } from '../../../lowcode/renderer/values.ts';
import { fmtDate } from '../chronic/format.ts';
import { tbApi, type TbForm } from './api.ts';
import { NS } from './messages.ts';

/** Fields the server fills from the case and its rules: not shown while typing (the result shows them). */
const SERVER_FIELDS = new Set([
  'caseId',
  'residentId',
  'doctorId',
  'manageOrgId',
  'inTime',
  'patientType',
  'nextVisitDate',
  'treatmentMonth',
  'phase',
  'visitsDue',
  'visitsMade',
  'dosesDue',
  'dosesTaken',
  'adherenceRate',
  'visitRate',
]);

interface Props {
  form: TbForm;
  caseId: string;
  name: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * One of the three TB forms (first home visit, follow-up, closure) with the
 * released low-code form; the server's rules run on save and the dialog shows
 * what they decided: the new state, the 72-hour flag, the next visit, the
 * closure's counts and rates.
 */
export function TbFormDialog({ form: which, caseId, name, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Record<string, unknown> | null>(null);
  const def = useQuery({
    queryKey: ['healthTb', 'form', which],
    queryFn: async () => (await tbApi.form(which)).data,
    staleTime: 60_000,
  });
  const [opened] = useState(() => Date.now());
  const today = new Date(opened);
  const localMidnight = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  const defaults: Record<TbForm, Record<string, unknown>> = {
    first: { visitTime: opened - (opened % 60_000), visitMethod: '2', usage: '1', supervisor: '2' },
    visit: { visitDate: localMidnight, visitMethod: '2', usage: '1', missedDoses: 0 },
    closure: { stopDate: localMidnight, closeReason: '1', cardReturned: 1 },
  };

  const save = async () => {
    if (!def.data) return;
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const { record } = validateRecord(def.data.formData, { ...values, caseId });
    setBusy(true);
    try {
      const res = await tbApi.saveRecord(which, { ...record, caseId });
      setSaved(res.data.record);
      onSaved();
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  const hidden = (f: FormField) => !!f.field && SERVER_FIELDS.has(f.field);
  const n = (k: string) => (saved?.[k] === null || saved?.[k] === undefined ? '—' : String(saved[k]));
  const result = () => {
    if (!saved) return null;
    if (which === 'first')
      return (
        <Result
          status={Number(saved.inTime) ? 'success' : 'warning'}
          title={<span data-testid="tb-result-title">{t('result.first')}</span>}
          subTitle={
            <Space direction="vertical">
              <span data-testid="tb-result-72">{t(Number(saved.inTime) ? 'result.firstInTime' : 'result.firstLate')}</span>
              {!!saved.nextVisitDate && (
                <span data-testid="tb-result-next">{t('result.next', { date: fmtDate(Number(saved.nextVisitDate)) })}</span>
              )}
            </Space>
          }
        />
      );
    if (which === 'visit')
      return (
        <Result
          status={Number(saved.missedDoses) ? 'warning' : 'success'}
          title={<span data-testid="tb-result-title">{t('result.visit', { phase: t(`phase.${n('phase')}`), n: n('missedDoses') })}</span>}
          subTitle={saved.nextVisitDate ? t('result.next', { date: fmtDate(Number(saved.nextVisitDate)) }) : undefined}
        />
      );
    return (
      <Result
        status="success"
        title={<span data-testid="tb-result-title">{t('result.closure', { reason: t(`reason.${n('closeReason')}`) })}</span>}
        subTitle={
          <Space direction="vertical">
            <span data-testid="tb-result-rates">{t('result.rates', { adherence: n('adherenceRate'), visitRate: n('visitRate') })}</span>
            <span>
              {t('result.counts', {
                dosesDue: n('dosesDue'),
                dosesTaken: n('dosesTaken'),
                visitsDue: n('visitsDue'),
                visitsMade: n('visitsMade'),
              })}
            </span>
          </Space>
        }
      />
    );
  };

  return (
    <Modal
      open
      title={`${t(which === 'first' ? 'firstVisit' : which === 'visit' ? 'followUp' : 'closure')} - ${name}`}
      width={1000}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        saved ? (
          <Button type="primary" onClick={onClose} data-testid="tb-form-close">
            {t('close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} disabled={!def.data} onClick={() => void save()} data-testid="tb-form-save">
              {t('save')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid={`tb-form-${which}`}>
        {saved ? (
          result()
        ) : !def.data ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <FormRenderer
            definition={def.data.formData}
            mode="edit"
            form={form}
            values={initialValues(def.data.formData, { caseId, ...defaults[which] })}
            hidden={hidden}
          />
        )}
      </div>
    </Modal>
  );
}
