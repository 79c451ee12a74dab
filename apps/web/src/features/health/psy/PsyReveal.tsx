import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { HEALTH_SHARED_NS } from '../shared/messages.ts';
import { psyApi } from './api.ts';

export interface PsyRevealed {
  fullName: string;
  idNumber: string;
  phone: string;
  guardianName: string | null;
  guardianPhone: string | null;
}

/**
 * Reveals one patient's name, ID number, phone and guardian through this
 * programme's own route (its menu, a reason, an audit entry) — the records
 * module's reveal grant is not enough for these patients.
 */
export function PsyReveal({ residentId, onRevealed }: { residentId: string; onRevealed: (v: PsyRevealed) => void }) {
  const { t } = useTranslation(HEALTH_SHARED_NS);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      onRevealed((await psyApi.reveal(residentId, reason.trim())).data);
      toast.success(t('revealed'));
      setOpen(false);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid={`psy-reveal-${residentId}`} />
      <Modal
        open={open}
        title={t('revealTitle')}
        okText={t('ok')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Alert type="info" showIcon message={t('revealHint')} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('revealReason')}
            rules={[{ required: true, whitespace: true, message: t('revealReasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
