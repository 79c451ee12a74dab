import type { ReactNode } from 'react';
import { Button, Form, Modal, Spin, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';

interface FormDialogProps<T> {
  /** Form name: prefixes the field ids (dialogs stay mounted, ids must not clash). */
  name: string;
  open: boolean;
  title: string;
  form: FormInstance<T>;
  width?: number;
  /** Loading the record to edit. */
  loading?: boolean;
  /** Saving. */
  saving?: boolean;
  onSubmit: (values: T) => void;
  onClose: () => void;
  labelWidth?: number;
  children: ReactNode;
  initialValues?: Partial<T>;
}

/** Focus in a control that takes typing or choices (a picker dialog's search box, say). */
const isTyping = (el: Element | null) => !!el && el.matches('input, textarea, select, [contenteditable="true"]');

/**
 * A create/edit dialog: a form with validation, Enter submits (a hidden
 * submit button inside the form), Esc and cancel close, OK spins while saving.
 */
export function FormDialog<T>({
  name,
  open,
  title,
  form,
  width = 600,
  loading,
  saving,
  onSubmit,
  onClose,
  labelWidth = 100,
  children,
  initialValues,
}: FormDialogProps<T>) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      mask={{ closable: false }}
      className={`ma-perm-dialog ma-perm-dialog-${name}`}
      // The first field takes the focus, so typing and Enter work at once.
      afterOpenChange={(opened) => {
        if (!opened) return;
        // After the dialog's own focus handling.
        setTimeout(() => {
          const form = document.querySelector<HTMLElement>(`.ma-perm-dialog-${name} .ant-form`);
          // Someone quicker than the opening animation is already typing in a field (or has opened a
          // picker from it): leave the focus where it is, or their next keys land in the first field.
          if (!form || form.contains(document.activeElement) || isTyping(document.activeElement)) return;
          form.querySelector<HTMLElement>('.ant-input:not([disabled]), .ant-input-number-input:not([disabled])')?.focus();
        }, 50);
      }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} disabled={loading} onClick={() => form.submit()}>
          {t('common.ok')}
        </Button>,
      ]}
    >
      <Spin spinning={!!loading}>
        <Form<T>
          name={name}
          form={form}
          layout="horizontal"
          labelCol={{ flex: `${labelWidth}px` }}
          wrapperCol={{ flex: 1 }}
          labelWrap
          onFinish={onSubmit}
          initialValues={initialValues}
          scrollToFirstError
          className="ma-perm-form"
        >
          {children}
          {/* Enter in any field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Spin>
    </Modal>
  );
}
