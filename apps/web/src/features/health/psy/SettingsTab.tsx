import { useEffect, useState } from 'react';
import { Alert, Button, Form, InputNumber } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PsySettings } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { useUser } from '../../../app/stores/userStore.ts';
import { psyApi } from './api.ts';
import { NS } from './messages.ts';

const FIELDS: (keyof PsySettings)[] = ['unstableDays', 'basicDays', 'stableDays', 'unreachedDays', 'firstDays'];

/** Days to the next visit per classification: read by everyone with the menu, changed by an administrator (server-checked). */
export function SettingsTab() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const admin = useUser((s) => !!s.userInfo?.isAdministrator);
  const [form] = Form.useForm<PsySettings>();
  const [busy, setBusy] = useState(false);
  const settings = useQuery({ queryKey: ['healthPsy', 'settings'], queryFn: async () => (await psyApi.settings()).data });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await psyApi.saveSettings(v);
      toast.success(t('settingsSaved'));
      void qc.invalidateQueries({ queryKey: ['healthPsy', 'settings'] });
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ maxWidth: 560 }} data-testid="psy-settings">
      <Alert
        type="info"
        showIcon
        message={t('settingsHint')}
        description={admin ? undefined : t('adminOnly')}
        style={{ marginBottom: 12 }}
      />
      <Form form={form} layout="horizontal" labelCol={{ span: 12 }} disabled={!admin}>
        {FIELDS.map((k) => (
          <Form.Item key={k} name={k} label={t(k)} rules={[{ required: true }]}>
            <InputNumber min={1} max={366} precision={0} addonAfter={t('days')} />
          </Form.Item>
        ))}
        {admin && (
          <Form.Item wrapperCol={{ offset: 12 }}>
            <Button type="primary" loading={busy} onClick={() => void save()}>
              {t('save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </div>
  );
}
