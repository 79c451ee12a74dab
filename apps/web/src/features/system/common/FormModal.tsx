import { useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /** Resolves when saved; the dialog closes. A rejection keeps it open (the http client already showed why). */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  width?: number;
  initialValues?: Partial<V>;
  layout?: FormProps['layout'];
  labelWidth?: number;
  children: ReactNode;
  okText?: ReactNode;
  /** A class on the dialog, for tests and styling. */
  testId?: string;
}

/**
 * A dialog holding one form. The whole dialog is the <form>, and OK is its
 * submit button, so Enter in a field submits and Esc closes (spec: keyboard
 * use). Validation errors stay inside the dialog; a failed save keeps it open.
 */
export function FormModal<V extends object>({
  open,
  title,
  form,
  onSubmit,
  onClose,
  width = 600,
  initialValues,
  layout = 'horizontal',
  labelWidth = 100,
  children,
  okText,
  testId,
}: FormModalProps<V>) {
  const { t } = useTranslation(NS);
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      okText={okText ?? t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      className={testId}
      modalRender={(dom) => (
        <Form<V>
          form={form}
          layout={layout}
          labelCol={layout === 'horizontal' ? { flex: `${labelWidth}px` } : undefined}
          labelWrap
          initialValues={initialValues}
          scrollToFirstError
          onFinish={async (values) => {
            setSaving(true);
            try {
              await onSubmit(values);
              onClose();
            } catch {
              /* the http client showed the message; keep the dialog open */
            } finally {
              setSaving(false);
            }
          }}
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
