import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import type { ImagingCentre } from '@medalliance/contract';
import { PrintPreview } from '../system/printDev/PrintPreview.tsx';
// The print view's own texts (toolbar) live in the system namespace.
import '../system/printDev/messages.ts';
import { imagingApi } from './api.ts';
import { reportPrintHtml } from './printHtml.ts';
import { NS } from './messages.ts';
import './messages.ts';

/**
 * Print a released report: masked as it is shown, or with the patient's full
 * data given a reason (the server audits it). The sheet carries a QR code of
 * the report's public verification address.
 */
export function PrintReport({ centre, studyId, onClose }: { centre: ImagingCentre; studyId: string | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const [sheet, setSheet] = useState<{ title: string; html: string } | null>(null);
  const close = () => {
    setSheet(null);
    form.resetFields();
    onClose();
  };
  const load = async (full: boolean) => {
    let reason: string | undefined;
    if (full) reason = (await form.validateFields()).reason?.trim();
    setBusy(true);
    try {
      const p = (await imagingApi(centre).print(studyId!, reason)).data;
      const qr = await QRCode.toDataURL(new URL(p.verifyUrl, window.location.origin).toString(), { margin: 1, width: 192 });
      setSheet({ title: `${p.applyNo}`, html: reportPrintHtml(p, qr, t) });
    } finally {
      setBusy(false);
    }
  };
  if (!studyId) return null;
  if (sheet) return <PrintPreview title={sheet.title} html={sheet.html} autoPrint onClose={close} />;
  return (
    <Modal open title={t('print')} onCancel={close} footer={null} destroyOnHidden data-testid="img-print-dialog">
      <Spin spinning={busy}>
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('print.reason')}
            rules={[{ required: true, whitespace: true, min: 2, message: t('commentRequired') }]}
          >
            <Input.TextArea rows={2} maxLength={200} data-testid="img-print-reason" />
          </Form.Item>
        </Form>
        <Alert type="info" showIcon message={t('print.verify')} style={{ marginBottom: 12 }} />
        <Space>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => void load(false)} data-testid="img-print-masked" autoFocus>
            {t('print.masked')}
          </Button>
          <Button icon={<PrinterOutlined />} onClick={() => void load(true)} data-testid="img-print-full">
            {t('print.full')}
          </Button>
        </Space>
      </Spin>
    </Modal>
  );
}
