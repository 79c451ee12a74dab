import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateRecord, type FormField } from '@medalliance/contract';
import { FormRenderer } from '../../../lowcode/renderer/FormRenderer.tsx';
import { initialValues } from '../../../lowcode/renderer/values.ts';
import { fmtDate } from '../chronic/format.ts';
import { psyApi, type PlanInfo } from './api.ts';
import { classTag } from './labels.tsx';
import { NS } from './messages.ts';

/** Fields the server fills: not shown in the form. */
const SERVER_FIELDS = new Set([
  'residentId',
  'enrolmentId',
  'suggestedClassification',
  'nextVisitDate',
  'nextPlanId',
  'doctorId',
  'manageOrgId',
]);
/** Fields the classification reads. */
const RULE_FIELDS = ['reached', 'riskLevel', 'insight', 'drugReaction'];

interface Saved {
  classification: string;
  overridden: boolean;
  next: PlanInfo | null;
}

/**
 * Records one follow-up with the released psyFollowup form (low-code renderer):
 * the server's suggested classification shown live as the risk level, insight
 * and drug reaction are chosen (the rule of the save), then the saved
 * classification and the next plan it generated.
 */
export function VisitDialog({
  residentId,
  name,
  onClose,
  onSaved,
}: {
  residentId: string;
  name: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [suggested, setSuggested] = useState<string | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const def = useQuery({ queryKey: ['healthPsy', 'form'], queryFn: async () => (await psyApi.form()).data, staleTime: 60_000 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const today = new Date();
  const localMidnight = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const classify = (all: Record<string, unknown>) => {
    const body: Record<string, unknown> = { residentId };
    for (const k of RULE_FIELDS) if (all[k] !== undefined && all[k] !== null && all[k] !== '') body[k] = String(all[k]);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      psyApi
        .classify(body)
        .then((r) => setSuggested(r.data.suggested))
        .catch(() => undefined);
    }, 200);
  };

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
      const res = await psyApi.saveVisit({ ...record, residentId });
      const rec = res.data.record;
      setSaved({
        classification: String(rec.classification ?? ''),
        overridden: rec.classification !== rec.suggestedClassification,
        next: res.data.plans.find((p) => p.id === rec.nextPlanId) ?? null,
      });
      onSaved();
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  const hidden = (f: FormField) => !!f.field && SERVER_FIELDS.has(f.field);
  return (
    <Modal
      open
      title={t('visitTitle', { name })}
      width={1000}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        saved ? (
          <Button type="primary" onClick={onClose} data-testid="psy-visit-close">
            {t('close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} disabled={!def.data} onClick={() => void save()} data-testid="psy-visit-save">
              {t('save')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="psy-visit-dialog">
        {saved ? (
          <Result
            status={saved.classification === '1' ? 'warning' : saved.classification === '3' ? 'success' : 'info'}
            title={<span data-testid="psy-result-class">{t('resultTitle', { classification: t(`class.${saved.classification}`) })}</span>}
            subTitle={
              <Space direction="vertical">
                {saved.next && (
                  <span data-testid="psy-result-next">
                    {t('resultNext', { date: fmtDate(saved.next.windowEnd), kind: t(`kind.${saved.next.kind}`) })}
                  </span>
                )}
                {saved.overridden && <span>{t('resultOverride')}</span>}
              </Space>
            }
          />
        ) : !def.data ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <>
            <Alert
              type={suggested === '1' ? 'error' : suggested === '2' ? 'warning' : 'info'}
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="psy-live"
              message={
                <Space wrap>
                  <b>{t('suggestion')}:</b>
                  {suggested ? (
                    classTag(t, suggested, 'psy-suggested')
                  ) : (
                    <span data-testid="psy-suggested-none">{t('suggestionNone')}</span>
                  )}
                </Space>
              }
              description={t('suggestionHint')}
            />
            <FormRenderer
              definition={def.data.formData}
              mode="edit"
              form={form}
              values={initialValues(def.data.formData, {
                residentId,
                visitDate: localMidnight,
                reached: '1',
                drugReaction: '0',
                referral: '0',
              })}
              hidden={hidden}
              onValuesChange={(changed, all) => {
                if (Object.keys(changed).some((k) => RULE_FIELDS.includes(k))) classify(all);
              }}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
