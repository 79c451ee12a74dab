import { useEffect, useState } from 'react';
import { Alert, Button, Form, InputNumber } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TbSettings } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { useUser } from '../../../app/stores/userStore.ts';
import { tbApi } from './api.ts';
import { NS } from './messages.ts';

const FIELDS: (keyof TbSettings)[] = [
  'intensiveIntervalDays',
  'continuationIntervalDays',
  'windowDays',
  'intensiveDaysNew',
  'intensiveDaysRetreat',
  'courseDaysNew',
  'courseDaysRetreat',
];

/** Intervals, windows and course lengths: read by everyone with the menu, changed by an administrator (server-checked and validated). */
export function SettingsTab() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const admin = useUser((s) => !!s.userInfo?.isAdministrator);
  const [form] = Form.useForm<TbSettings>();
  const [busy, setBusy] = useState(false);
  const settings = useQuery({ queryKey: ['healthTb', 'settings'], queryFn: async () => (await tbApi.settings()).data });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await tbApi.saveSettings(v);
      toast.success(t('settingsSaved'));
      void qc.invalidateQueries({ queryKey: ['healthTb', 'settings'] });
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ maxWidth: 600 }} data-testid="tb-settings">
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
            <InputNumber min={0} max={730} precision={0} addonAfter={t('days')} data-testid={`tb-setting-${k}`} />
          </Form.Item>
        ))}
        {admin && (
          <Form.Item wrapperCol={{ offset: 12 }}>
            <Button type="primary" loading={busy} onClick={() => void save()} data-testid="tb-settings-save">
              {t('save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </div>
  );
}
