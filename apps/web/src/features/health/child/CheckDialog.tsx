import { useState } from 'react';
import { Button, Form, Modal, Result, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateRecord, type FormField } from '@medalliance/contract';
import { FormRenderer } from '../../../lowcode/renderer/FormRenderer.tsx';
import { initialValues } from '../../../lowcode/renderer/values.ts';
import { childApi, type ChildPlan } from './api.ts';
import { fmtDate, weakText } from './format.ts';
import { NS } from './messages.ts';

/** Fields the server fills (or the dialog sets): not shown in the form. */
const SERVER_FIELDS = new Set([
  'residentId',
  'childRecordId',
  'weightBand',
  'lengthBand',
  'ageMonths',
  'weak',
  'weakReason',
  'nextVisitDate',
  'doctorId',
  'manageOrgId',
]);
export const BAND_COLOR: Record<string, string> = { up: 'orange', mid: 'green', down: 'red' };

interface Saved {
  stage: string;
  weightBand: string | null;
  lengthBand: string | null;
  weak: string | null;
  next: ChildPlan | null;
}

/**
 * Records a newborn home visit or a check-up with the released low-code form;
 * after the save shows what the server's rules made of it: the stage, the
 * growth bands, 体弱儿, and the next check of the schedule with its window.
 */
export function CheckDialog({
  form: kind,
  residentId,
  name,
  stage,
  onClose,
  onSaved,
}: {
  form: 'newborn' | 'checkup';
  residentId: string;
  name: string;
  /** The check-up stage of the plan the dialog was opened from (else the server takes the stage of the date). */
  stage?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const def = useQuery({
    queryKey: ['healthChild', 'form', kind],
    queryFn: async () => (await childApi.form(kind)).data,
    staleTime: 60_000,
  });
  const today = new Date();
  const localMidnight = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();

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
      const res = await childApi.saveVisit(kind, { ...record, residentId });
      const rec = res.data.record;
      const visitDate = Number(rec.visitDate);
      const next =
        res.data.plans
          .filter((p) => p.kind === 'check' && p.state !== 'done' && p.windowEnd >= visitDate)
          .sort((a, b) => a.windowStart - b.windowStart)[0] ?? null;
      setSaved({
        stage: kind === 'newborn' ? 'newborn' : String(rec.stage ?? ''),
        weightBand: (rec.weightBand as string | null) ?? null,
        lengthBand: (rec.lengthBand as string | null) ?? null,
        weak: res.data.child.weak ? res.data.child.weakReason : null,
        next,
      });
      onSaved();
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  const hidden = (f: FormField) => !!f.field && SERVER_FIELDS.has(f.field);
  const band = (b: string | null) => (b ? <Tag color={BAND_COLOR[b]}>{t(`band.${b}`)}</Tag> : '—');

  return (
    <Modal
      open
      title={t('visitTitle', { form: t(`form.${kind}`), name })}
      width={1000}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        saved ? (
          <Button type="primary" onClick={onClose} data-testid="child-visit-close">
            {t('close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} disabled={!def.data} onClick={() => void save()} data-testid="child-visit-save">
              {t('save')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="child-visit-dialog">
        {saved ? (
          <Result
            status={saved.weak ? 'warning' : 'success'}
            title={<span data-testid="child-result-stage">{t('resultTitle', { stage: t(`code.${saved.stage}`) })}</span>}
            subTitle={
              <Space direction="vertical">
                {kind === 'checkup' && (
                  <span data-testid="child-result-bands">
                    {t('weight')} {band(saved.weightBand)} {t('length')} {band(saved.lengthBand)}
                  </span>
                )}
                {saved.weak && <span data-testid="child-result-weak">{t('resultWeak', { reason: weakText(t, saved.weak) })}</span>}
                <span data-testid="child-result-next">
                  {saved.next
                    ? t('resultNext', {
                        code: t(`code.${saved.next.code}`),
                        from: fmtDate(saved.next.windowStart),
                        to: fmtDate(saved.next.windowEnd),
                      })
                    : t('resultNoNext')}
                </span>
              </Space>
            }
          />
        ) : !def.data ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <FormRenderer
            definition={def.data.formData}
            mode="edit"
            form={form}
            values={initialValues(def.data.formData, { residentId, visitDate: localMidnight, referral: 0, ...(stage ? { stage } : {}) })}
            hidden={hidden}
          />
        )}
      </div>
    </Modal>
  );
}
