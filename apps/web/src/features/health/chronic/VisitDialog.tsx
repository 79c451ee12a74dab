import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Result, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateRecord, type ChronicProgramme, type ClassifyAnswer, type FormField } from '@medalliance/contract';
import { FormRenderer } from '../../../lowcode/renderer/FormRenderer.tsx';
import { initialValues } from '../../../lowcode/renderer/values.ts';
import { chronicApi, type PlanInfo } from './api.ts';
import { fmtDate } from './format.ts';
import { NS } from './messages.ts';

/** Fields the server fills (or the dialog sets): not shown in the form. */
const SERVER_FIELDS = new Set([
  'residentId',
  'enrolmentId',
  'suggestedClassification',
  'referralFlag',
  'lateEntry',
  'doctorId',
  'manageOrgId',
  'bmi',
]);
const MEASURED = ['systolic', 'diastolic', 'heartRate', 'glucose', 'temperature', 'weightKg', 'drugReaction', 'complication', 'visitDate'];

interface Props {
  programme: ChronicProgramme;
  residentId: string;
  name: string;
  onClose: () => void;
  onSaved: () => void;
}

interface Saved {
  classification: string;
  referralFlag: string;
  recheck: PlanInfo | null;
  filled: boolean;
}

/**
 * Records one follow-up with the released follow-up form (low-code renderer):
 * the server's suggested classification, BMI and danger values shown live as
 * values are typed (POST classify, the rules of the save), then the result of
 * the save: classification, referral flag and the two-week recheck plan.
 */
export function VisitDialog({ programme, residentId, name, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<ClassifyAnswer | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const def = useQuery({
    queryKey: ['healthChronic', 'form', programme],
    queryFn: async () => (await chronicApi.form(programme)).data,
    staleTime: 60_000,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const today = new Date();
  const localMidnight = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();

  const classify = (all: Record<string, unknown>) => {
    if (!def.data) return;
    const { record } = validateRecord(def.data.formData, all);
    const body: Record<string, unknown> = {
      residentId,
      visitDate: typeof record.visitDate === 'number' ? record.visitDate : localMidnight,
    };
    for (const k of MEASURED.slice(0, 6)) if (typeof record[k] === 'number') body[k] = record[k];
    for (const k of ['drugReaction', 'complication']) if (record[k] !== undefined && record[k] !== null) body[k] = Number(record[k]);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      chronicApi
        .classify(programme, body)
        .then((r) => setLive(r.data))
        .catch(() => undefined);
    }, 250);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const save = async () => {
    if (!def.data) return;
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const { record } = validateRecord(def.data.formData, { ...values, residentId });
    setBusy(true);
    try {
      const res = await chronicApi.saveVisit(programme, { ...record, residentId });
      const rec = res.data.record;
      const visitDate = Number(rec.visitDate);
      const recheck = res.data.plans.find((p) => p.kind === 'recheck' && p.windowStart === visitDate + 86_400_000) ?? null;
      setSaved({
        classification: String(rec.classification ?? ''),
        referralFlag: String(rec.referralFlag ?? '0'),
        recheck,
        filled: res.data.plans.some((p) => p.visitId === res.data.id && p.kind === 'regular'),
      });
      onSaved();
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  const hidden = (f: FormField) => !!f.field && SERVER_FIELDS.has(f.field);
  const title = t('visitTitle', { programme: t(programme), name });
  const suggestion = live?.suggested ? (
    <Tag color={live.suggested === '1' ? 'green' : 'red'} data-testid="chronic-suggested">
      {t(`class.${live.suggested}`)}
    </Tag>
  ) : (
    <span data-testid="chronic-suggested-none">{t('suggestionNone')}</span>
  );

  return (
    <Modal
      open
      title={title}
      width={1000}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        saved ? (
          <Button type="primary" onClick={onClose} data-testid="chronic-visit-close">
            {t('close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} disabled={!def.data} onClick={() => void save()} data-testid="chronic-visit-save">
              {t('save')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="chronic-visit-dialog">
        {saved ? (
          <Result
            status={saved.referralFlag !== '0' ? 'warning' : saved.classification === '1' ? 'success' : 'info'}
            title={
              <span data-testid="chronic-result-class">{t('resultTitle', { classification: t(`class.${saved.classification}`) })}</span>
            }
            subTitle={
              <Space direction="vertical">
                {saved.recheck && (
                  <span data-testid="chronic-result-recheck">{t('resultRecheck', { date: fmtDate(saved.recheck.windowEnd) })}</span>
                )}
                {saved.referralFlag !== '0' && (
                  <span data-testid="chronic-result-referral">{t('resultReferral', { flag: t(`referral.${saved.referralFlag}`) })}</span>
                )}
                {saved.filled && <span>{t('resultFilled')}</span>}
                {!saved.recheck && saved.referralFlag === '0' && <span>{t('resultNone')}</span>}
              </Space>
            }
          />
        ) : !def.data ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <>
            <Alert
              type={live?.danger.length ? 'error' : live?.suggested && live.suggested !== '1' ? 'warning' : 'info'}
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="chronic-live"
              message={
                <Space wrap>
                  <b>{t('suggestion')}:</b>
                  {suggestion}
                  {live?.bmi !== null && live?.bmi !== undefined && (
                    <span data-testid="chronic-live-bmi">
                      {t('bmi')} {live.bmi}
                    </span>
                  )}
                  {live?.ageYears !== null && live?.ageYears !== undefined && live.ageYears >= 65 && programme === 'htn' && (
                    <Tag>{t('age65')}</Tag>
                  )}
                </Space>
              }
              description={
                <Space direction="vertical" size={2}>
                  {!!live?.danger.length && (
                    <span data-testid="chronic-live-danger">
                      {t('dangerTitle')}: {live.danger.map((d) => t(`danger.${d}`)).join('，')}
                    </span>
                  )}
                  {live?.recheck && <span data-testid="chronic-live-recheck">{t('willRecheck')}</span>}
                  {live?.referralFlag === 1 && <span>{t('willRefer')}</span>}
                  {live?.lateEntry && <span>{t('lateWarn')}</span>}
                  <span>{t('suggestionHint')}</span>
                </Space>
              }
            />
            <FormRenderer
              definition={def.data.formData}
              mode="edit"
              form={form}
              values={initialValues(def.data.formData, {
                residentId,
                visitDate: localMidnight,
                visitMethod: '1',
                drugReaction: 0,
                complication: 0,
              })}
              hidden={hidden}
              onValuesChange={(changed, all) => {
                if (Object.keys(changed).some((k) => MEASURED.includes(k))) classify(all);
              }}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
