import { useState } from 'react';
import { Button, Card, Empty, Form, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { validateRecord } from '@medalliance/contract';
import { useViewQuery } from '../../app/shell/ViewContext.ts';
import { toast } from '../../app/feedback.ts';
import { PrintPreview } from '../../features/system/printDev/PrintPreview.tsx';
import '../../features/system/printDev/messages.ts';
import { NS } from '../messages.ts';
import { FormRenderer } from '../renderer/FormRenderer.tsx';
import { printHtml } from '../renderer/printHtml.ts';
import { issueText } from '../renderer/rules.ts';
import { initialValues } from '../renderer/values.ts';
import { readPreview } from './openPreview.ts';

type Mode = 'edit' | 'detail' | 'print';

/**
 * Function preview (spec §2.1 /previewModel): a designer draft rendered as
 * the form, as its detail view and as its printable sheet, without saving
 * anything. Validate runs the same checks the server will.
 */
export default function PreviewPage() {
  const { t } = useTranslation(NS);
  const id = useViewQuery().get('id');
  const [draft] = useState(() => readPreview(id));
  const [form] = Form.useForm();
  const [mode, setMode] = useState<Mode>('edit');
  const [values, setValues] = useState<Record<string, unknown>>(() => (draft ? initialValues(draft.definition) : {}));
  const [checked, setChecked] = useState<Record<string, unknown> | null>(null);

  if (!draft) return <Empty style={{ marginTop: 120 }} description={t('previewMissing')} data-testid="lc-preview-missing" />;
  const def = draft.definition;
  const validate = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const { record, issues } = validateRecord(def, form.getFieldsValue(true));
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.table ?? i.field, errors: [issueText(i, t)] })));
      return;
    }
    setChecked(record);
    toast.success(t('previewValid'));
  };

  return (
    <div className="ma-page" data-testid="lc-preview" style={{ padding: 16 }}>
      <Card
        title={draft.title || t('previewTitle')}
        extra={
          <Segmented<Mode>
            value={mode}
            onChange={(m) => {
              if (mode === 'edit') setValues(form.getFieldsValue(true));
              setMode(m);
            }}
            options={[
              { value: 'edit', label: t('formMode') },
              { value: 'detail', label: t('detailMode') },
              { value: 'print', label: t('printMode') },
            ]}
          />
        }
      >
        <div style={{ maxWidth: def.popupType === 'fullScreen' ? undefined : def.popupWidth, margin: '0 auto' }}>
          {mode === 'detail' ? (
            <FormRenderer definition={def} mode="detail" values={values} />
          ) : (
            <>
              <FormRenderer definition={def} mode="edit" form={form} values={values} />
              <Space>
                <Button type="primary" onClick={() => void validate()} data-testid="lc-preview-validate">
                  {t('previewSubmit')}
                </Button>
              </Space>
              {checked && (
                <Card size="small" title={t('valuesTitle')} style={{ marginTop: 16 }}>
                  <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap' }}>
                    {JSON.stringify(checked, null, 2)}
                  </Typography.Paragraph>
                </Card>
              )}
            </>
          )}
        </div>
      </Card>
      {mode === 'print' && (
        <PrintPreview
          title={draft.title || t('previewTitle')}
          html={printHtml(def, draft.title || t('previewTitle'), values, t)}
          onClose={() => setMode('edit')}
        />
      )}
    </div>
  );
}
