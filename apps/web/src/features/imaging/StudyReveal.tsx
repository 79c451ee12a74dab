import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { HEALTH_SHARED_NS } from '../health/shared/messages.ts';
import '../health/shared/messages.ts';
import { imagingApi } from './api.ts';

export type Revealed = { fullName: string; idNumber: string; phone: string };

/**
 * The health screens' reveal (features/health/shared: same texts, same
 * reason-and-audit dialog), asked of the study's own route: a county reader
 * may see a study's patient without holding the archive's reveal grant, and
 * the server checks the study's scope, not the archive's.
 */
export function StudyReveal({
  centre,
  studyId,
  onRevealed,
}: {
  centre: ImagingCentre;
  studyId: string;
  onRevealed: (v: Revealed) => void;
}) {
  const { t } = useTranslation(HEALTH_SHARED_NS);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      onRevealed((await imagingApi(centre).reveal(studyId, reason.trim())).data);
      toast.success(t('revealed'));
      setOpen(false);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid="img-reveal">
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
            rules={[{ required: true, whitespace: true, min: 2, message: t('revealReasonRequired') }, { max: 200 }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount data-testid="img-reveal-reason" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
