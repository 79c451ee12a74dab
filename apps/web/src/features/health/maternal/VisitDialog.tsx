import { useState } from 'react';
import { Alert, Button, Form, Modal, Result, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatGestation, gestationalAge, postpartumDay, validateRecord, type FormField } from '@medalliance/contract';
import { FormRenderer } from '../../../lowcode/renderer/FormRenderer.tsx';
import { initialValues } from '../../../lowcode/renderer/values.ts';
import { fmtDate, matApi, type MatPlan, type VisitType } from './api.ts';
import { NS } from './messages.ts';

/** Fields the server fills (or the dialog sets): not shown in the form. */
const SERVER_FIELDS = new Set(['residentId', 'pregnancyId', 'gestation', 'visitNo', 'postpartumDays', 'bmi', 'doctorId', 'manageOrgId']);
const DAY = 86_400_000;

interface Props {
  type: VisitType;
  residentId: string;
  pregnancyId: string;
  name: string;
  lmp: number;
  deliveryDate?: number | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Saved {
  record: Record<string, unknown>;
  filled: MatPlan | null;
  next: MatPlan | null;
}

/**
 * Records one maternal visit with its released form (low-code renderer): the
 * gestational age (or the day after delivery) of the chosen date shown live
 * from the contract's rules, then what the save did: the plan it filled and
 * the next window with its dates.
 */
export function VisitDialog({ type, residentId, pregnancyId, name, lmp, deliveryDate, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const today = new Date();
  const localMidnight = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  const [visitDate, setVisitDate] = useState(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  const def = useQuery({
    queryKey: ['healthMaternal', 'form', type],
    queryFn: async () => (await matApi.form(type)).data,
    staleTime: 60_000,
  });

  const save = async () => {
    if (!def.data) return;
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const { record } = validateRecord(def.data.formData, { ...values, residentId, pregnancyId });
    setBusy(true);
    try {
      const res = await matApi.saveVisit(type, { ...record, residentId, pregnancyId });
      const date = Number(res.data.record.visitDate);
      const filled = res.data.plans.find((p) => p.visitId === res.data.id) ?? null;
      const next =
        res.data.plans
          .filter((p) => !p.visitId && p.windowEnd >= date && p.id !== filled?.id && p.state !== 'overdue')
          .sort((a, b) => a.windowStart - b.windowStart)[0] ?? null;
      setSaved({ record: res.data.record, filled, next });
      onSaved();
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  const hidden = (f: FormField) => !!f.field && SERVER_FIELDS.has(f.field);
  const antenatal = type === 'first' || type === 'antenatal';
  const live = antenatal
    ? t('resultGestation', { g: formatGestation(gestationalAge(lmp, visitDate)) })
    : deliveryDate
      ? t('resultDays', { d: postpartumDay(deliveryDate, visitDate) })
      : '';

  return (
    <Modal
      open
      title={t('visitTitle', { type: t(`type.${type}`), name })}
      width={1000}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        saved ? (
          <Button type="primary" onClick={onClose} data-testid="mat-visit-close">
            {t('close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} disabled={!def.data} onClick={() => void save()} data-testid="mat-visit-save">
              {t('save')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="mat-visit-dialog">
        {saved ? (
          <Result
            status="success"
            title={<span data-testid="mat-result-title">{t('resultTitle', { type: t(`type.${type}`) })}</span>}
            subTitle={
              <Space direction="vertical">
                <span data-testid="mat-result-gestation">
                  {antenatal
                    ? t('resultGestation', { g: String(saved.record.gestation ?? '') })
                    : t('resultDays', { d: Number(saved.record.postpartumDays) })}
                </span>
                <span data-testid="mat-result-filled">
                  {saved.filled ? t('resultFilled', { kind: t(`kind.${saved.filled.kind}`) }) : t('resultNotFilled')}
                </span>
                {saved.next ? (
                  <Tag color="blue" style={{ fontSize: 14, padding: '4px 8px' }} data-testid="mat-next-window">
                    {t('nextWindow', {
                      kind: t(`kind.${saved.next.kind}`),
                      from: fmtDate(saved.next.windowStart),
                      to: fmtDate(saved.next.windowEnd),
                    })}
                  </Tag>
                ) : (
                  <span>{t('noNext')}</span>
                )}
              </Space>
            }
          />
        ) : !def.data ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="mat-live"
              message={<b data-testid="mat-live-gestation">{live}</b>}
            />
            <FormRenderer
              definition={def.data.formData}
              mode="edit"
              form={form}
              values={initialValues(def.data.formData, {
                residentId,
                pregnancyId,
                visitDate: localMidnight,
                classification: '1',
                referral: 0,
              })}
              hidden={hidden}
              onValuesChange={(changed) => {
                if (changed.visitDate !== undefined && changed.visitDate !== null) {
                  const v = changed.visitDate as number | { valueOf(): number };
                  setVisitDate(Math.round(Number(v.valueOf()) / DAY) * DAY);
                }
              }}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
