import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LiveProvider } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { LiveRoom } from './LiveRoom.tsx';
import { LiveTable } from './LiveTable.tsx';
import { useTrainingMeta } from './shared.tsx';
import { NS } from './messages.ts';
import './training.css';

/** 直播管理 (live_online): the schedule of approved broadcasts; a row opens its room (stream, comments, attendance, replay). */
export default function LiveOnlinePage() {
  const { t } = useTranslation(NS);
  const meta = useTrainingMeta();
  const [open, setOpen] = useState<string | null>(null);
  const [settings, setSettings] = useState(false);
  return (
    <>
      <LiveTable
        box="schedule"
        testId="live-online-page"
        statuses={['approved', 'live', 'ended']}
        onOpen={(r) => setOpen(r.id)}
        toolbar={
          meta.data?.rights.manage && (
            <Button icon={<SettingOutlined />} onClick={() => setSettings(true)} data-testid="live-provider">
              {t('providerSettings')}
            </Button>
          )
        }
        actions={(r) => (
          <Button
            size="small"
            type={r.status === 'live' ? 'primary' : 'link'}
            onClick={() => setOpen(r.id)}
            data-testid={`live-enter-${r.id}`}
          >
            {r.status === 'live' ? t('enterRoom') : t('view')}
          </Button>
        )}
      />
      {open && <LiveRoom id={open} onClose={() => setOpen(null)} />}
      {settings && <ProviderForm onClose={() => setSettings(false)} />}
    </>
  );
}

function ProviderForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<LiveProvider>();
  useEffect(() => {
    void trainingApi.provider().then((r) => form.setFieldsValue(r.data));
  }, [form]);
  return (
    <Modal
      open
      title={t('providerSettings')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await trainingApi.setProvider({ ...v, name: v.name.trim(), urlTemplate: v.urlTemplate.trim() });
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('providerName')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="urlTemplate"
          label={t('urlTemplate')}
          extra={t('urlTemplateHint')}
          rules={[{ required: true, pattern: /^https?:\/\/[^\s"'<>]+$/, message: t('badUrl') }]}
        >
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="kind" label={t('playerKind')} rules={[{ required: true }]}>
          <Select options={(['video', 'iframe'] as const).map((k) => ({ value: k, label: t(`player.${k}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
