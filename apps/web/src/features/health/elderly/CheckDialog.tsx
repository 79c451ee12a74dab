import { useState } from 'react';
import { Alert, Button, Form, Modal, Result, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { selfCareBand, selfCareTotal, validateRecord, type FormField } from '@medalliance/contract';
import { FormRenderer } from '../../../lowcode/renderer/FormRenderer.tsx';
import { initialValues } from '../../../lowcode/renderer/values.ts';
import { elderlyApi } from './api.ts';
import { BAND_COLOR } from './format.ts';
import { NS } from './messages.ts';

/** Fields the server fills: not shown in the form. */
const SERVER_FIELDS = new Set(['residentId', 'checkYear', 'selfCareScore', 'selfCareBand', 'bmi', 'doctorId', 'manageOrgId']);

interface Saved {
  score: number;
  band: string;
  cognition: string;
  emotion: string;
}

/**
 * Records one annual health check with the released check form (low-code
 * renderer): the self-care total and band shown live from the five items (the
 * contract's rule, the one the server's hook applies on save), then the saved
 * result as the server computed it.
 */
export function CheckDialog({
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
  const [score, setScore] = useState<number | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const def = useQuery({ queryKey: ['healthElderly', 'form'], queryFn: async () => (await elderlyApi.form()).data, staleTime: 60_000 });
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
      const res = await elderlyApi.saveCheck({ ...record, residentId });
      const rec = res.data.record;
      setSaved({
        score: Number(rec.selfCareScore),
        band: String(rec.selfCareBand ?? ''),
        cognition: String(rec.cognition ?? ''),
        emotion: String(rec.emotion ?? ''),
      });
      onSaved();
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  const hidden = (f: FormField) => !!f.field && SERVER_FIELDS.has(f.field);
  const band = selfCareBand(score);
  const positives = saved
    ? [saved.cognition === '2' ? t('cognition') : '', saved.emotion === '2' ? t('emotion') : ''].filter(Boolean).join('、')
    : '';

  return (
    <Modal
      open
      title={t('checkTitle', { name })}
      width={1000}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        saved ? (
          <Button type="primary" onClick={onClose} data-testid="old-check-close">
            {t('close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} disabled={!def.data} onClick={() => void save()} data-testid="old-check-save">
              {t('save')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="old-check-dialog">
        {saved ? (
          <Result
            status={saved.band === '1' && !positives ? 'success' : 'warning'}
            title={<span data-testid="old-check-result">{t('savedResult', { band: t(`band.${saved.band}`), score: saved.score })}</span>}
            subTitle={
              <Space direction="vertical">
                {positives && <span>{t('positiveScreens', { which: positives })}</span>}
                <span>{t('savedHint')}</span>
              </Space>
            }
          />
        ) : !def.data ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <>
            <Alert
              type={band && band !== '1' ? 'warning' : 'info'}
              showIcon
              // Stays in view while the long form scrolls: the score follows the five items below.
              style={{ marginBottom: 16, position: 'sticky', top: 0, zIndex: 5 }}
              data-testid="old-check-live"
              message={
                <Space wrap>
                  <b>{t('live')}:</b>
                  {score === null ? (
                    <span>{t('liveIncomplete')}</span>
                  ) : (
                    <>
                      <span data-testid="old-check-live-score">{t('liveScore', { score })}</span>
                      {band && <Tag color={BAND_COLOR[band]}>{t(`band.${band}`)}</Tag>}
                    </>
                  )}
                </Space>
              }
              description={t('bandsHint')}
            />
            <FormRenderer
              definition={def.data.formData}
              mode="edit"
              form={form}
              values={initialValues(def.data.formData, { residentId, checkDate: localMidnight })}
              hidden={hidden}
              onValuesChange={(_changed, all) => setScore(selfCareTotal(all))}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
