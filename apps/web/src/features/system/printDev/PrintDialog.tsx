import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { printDevApi } from '../../../api/system.ts';
import { NS } from '../messages.ts';
import { PrintPreview } from './PrintPreview.tsx';
import { renderTemplate } from './renderTemplate.ts';

interface Props {
  template: { id: string; fullName: string; description?: string | null };
  /** Render this HTML instead of the saved template (the designer's preview). */
  html?: string;
  autoPrint?: boolean;
  onClose: () => void;
}

const LAST_KEY = 'medalliance_printFormId';

/**
 * Print: asks which record to print (the id the template's SQL reads as
 * @formId), fetches its values (printDev/Data), renders the template and
 * opens the print view.
 */
export function PrintDialog({ template, html, autoPrint = true, onClose }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ formId: string }>();
  const [busy, setBusy] = useState(false);
  const [rendered, setRendered] = useState<string | null>(null);

  if (rendered !== null) return <PrintPreview title={template.fullName} html={rendered} autoPrint={autoPrint} onClose={onClose} />;

  return (
    <Modal
      open
      title={t('pd.printTitle', { name: template.fullName })}
      width={520}
      onCancel={onClose}
      destroyOnHidden
      okText={t('pd.print')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', loading: busy, id: 'ma-print-go' }}
      modalRender={(dom) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ formId: sessionStorage.getItem(LAST_KEY) ?? '' }}
          onFinish={async ({ formId }) => {
            setBusy(true);
            try {
              const res = await printDevApi.data(template.id, formId.trim());
              sessionStorage.setItem(LAST_KEY, formId.trim());
              setRendered(renderTemplate(html ?? res.data.printTemplate, res.data.printData));
            } catch {
              /* the client showed the error */
            } finally {
              setBusy(false);
            }
          }}
        >
          {dom}
        </Form>
      )}
    >
      {template.description && <Alert type="info" showIcon title={template.description} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="formId"
        label={t('pd.formId')}
        extra={t('pd.formIdHint')}
        rules={[{ required: true, whitespace: true, message: t('required', { name: t('pd.formId') }) }]}
      >
        <Input autoFocus maxLength={200} data-testid="ma-print-formid" />
      </Form.Item>
    </Modal>
  );
}
