import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { healthApi, type Revealed } from './healthApi.ts';
import { HEALTH_SHARED_NS } from './messages.ts';
import './messages.ts';

/**
 * Reveals one resident's full name, ID number and phone: asks a reason, calls
 * the server (which refuses without the reveal grant and writes an audit entry),
 * hands the values to `onRevealed`.
 */
export function RevealButton({
  residentId,
  onRevealed,
  size = 'small',
  type = 'link',
}: {
  residentId: string;
  onRevealed: (values: Revealed) => void;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  const { t } = useTranslation(HEALTH_SHARED_NS);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      const res = await healthApi.reveal(residentId, reason.trim());
      onRevealed(res.data);
      toast.success(t('revealed'));
      setOpen(false);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size={size} type={type} icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid={`reveal-${residentId}`}>
        {t('reveal')}
      </Button>
      <Modal
        open={open}
        title={t('revealTitle')}
        okText={t('ok')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Alert type="info" showIcon title={t('revealHint')} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('revealReason')}
            rules={[{ required: true, whitespace: true, message: t('revealReasonRequired') }, { max: 200 }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount data-testid="reveal-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
