import { useState, type ReactNode } from 'react';
import { Button, Drawer, Form, Modal, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateRecord, type FormDefinition, type FormField } from '@medalliance/contract';
import { onlineDevApi } from '../../api/onlineDev.ts';
import { toast } from '../../app/feedback.ts';
import { NS } from '../messages.ts';
import { FormRenderer } from '../renderer/FormRenderer.tsx';
import { issueText } from '../renderer/rules.ts';
import { initialValues } from '../renderer/values.ts';

/** The form's popup: a dialog of the designed width, a full-screen dialog, or a drawer (spec §3 popupType). */
export function FormPopup({
  definition,
  title,
  open,
  onClose,
  footer,
  children,
  testId,
}: {
  definition: FormDefinition;
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const width = definition.popupWidth || '600px';
  if (definition.popupType === 'drawer')
    return (
      <Drawer open={open} title={title} size={width} onClose={onClose} footer={footer} destroyOnHidden>
        <div data-testid={testId}>{children}</div>
      </Drawer>
    );
  const full = definition.popupType === 'fullScreen';
  return (
    <Modal
      open={open}
      title={title}
      width={full ? '100%' : width}
      style={full ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      styles={full ? { body: { minHeight: 'calc(100vh - 130px)' } } : undefined}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid={testId}>{children}</div>
    </Modal>
  );
}

interface Props {
  modelId: string;
  /** The menu the page was opened from (the server authorizes against it). */
  menuId?: string;
  definition: FormDefinition;
  title: string;
  /** null: a new record. */
  recordId: string | null;
  hidden?: (field: FormField) => boolean;
  onClose: () => void;
  onSaved: () => unknown;
}

/** Create or update one record: the form in its popup, client checks, then the server's (which names the field on refusal). */
export function RecordDialog({ modelId, menuId, definition, title, recordId, hidden, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const record = useQuery({
    queryKey: ['lowcode', 'record', modelId, recordId],
    queryFn: () => onlineDevApi.info(modelId, recordId!, menuId),
    enabled: !!recordId,
    gcTime: 0,
  });
  const ready = !recordId || !!record.data;

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows each field's message and scrolls to the first.
    }
    // The contract's check of the whole record (the server's own): it also answers the record in its
    // stored shape, without server-filled fields and with calculate fields recomputed.
    const { record: data, issues } = validateRecord(definition, values);
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.table ?? i.field, errors: [issueText(i, t)] })));
      return;
    }
    setBusy(true);
    try {
      if (recordId) await onlineDevApi.update(modelId, recordId, data, menuId);
      else await onlineDevApi.create(modelId, data, menuId);
      toast.success(t(recordId ? 'updated' : 'created'));
      await onSaved();
      onClose();
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormPopup
      definition={definition}
      open
      title={`${title} - ${t(recordId ? 'edit' : 'add')}`}
      onClose={onClose}
      testId="lc-record-dialog"
      footer={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!ready} onClick={() => void save()} data-testid="lc-save">
            {t('ok')}
          </Button>
        </Space>
      }
    >
      {ready ? (
        <FormRenderer definition={definition} mode="edit" form={form} values={initialValues(definition, record.data)} hidden={hidden} />
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </FormPopup>
  );
}
