import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { HEALTH_SHARED_NS } from '../shared/messages.ts';
import '../shared/messages.ts';
import { tbApi } from './api.ts';

export interface Revealed {
  fullName: string;
  idNumber: string | null;
  phone: string | null;
}

/** Reveals a TB patient's name, ID number and phone with a reason (the server checks the reveal grant and audits it). */
export function TbReveal({ caseId, onRevealed }: { caseId: string; onRevealed: (v: Revealed) => void }) {
  const { t } = useTranslation(HEALTH_SHARED_NS);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      onRevealed((await tbApi.reveal(caseId, reason.trim())).data);
      toast.success(t('revealed'));
      setOpen(false);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid={`tb-reveal-${caseId}`}>
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
            <Input.TextArea rows={3} maxLength={200} showCount data-testid="tb-reveal-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
