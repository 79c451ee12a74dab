import { useState } from 'react';
import { Alert, Button, Form, Modal, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formDefinition, parseIdNumber, validateRecord } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { FormRenderer } from '../../../lowcode/renderer/FormRenderer.tsx';
import { issueText } from '../../../lowcode/renderer/rules.ts';
import { initialValues } from '../../../lowcode/renderer/values.ts';
import { healthApi } from '../shared/healthApi.ts';
import { NS } from './messages.ts';

/**
 * The resident form: the released `healthResident` model rendered by the
 * low-code renderer (fields an administrator added show and save too). Sex and
 * birth date follow the ID number as it is typed; the server checks again.
 */
export function ResidentForm({ id, onDone, onCancel }: { id?: string; onDone: (id: string) => void; onCancel?: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tl } = useTranslation('lowcode');
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const def = useQuery({
    queryKey: ['health', 'residentForm'],
    queryFn: async () => formDefinition.parse((await healthApi.form()).data.formData),
  });
  const record = useQuery({
    queryKey: ['health', 'record', id],
    queryFn: async () => (await healthApi.record(id!)).data.data,
    enabled: !!id,
    gcTime: 0,
  });
  if (!def.data || (id && !record.data)) return <Spin />;
  const definition = def.data;
  const save = async (archive: boolean) => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const { record: data, issues } = validateRecord(definition, values);
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.table ?? i.field, errors: [issueText(i, tl)] })));
      return;
    }
    setBusy(true);
    try {
      if (id) {
        await healthApi.update(id, data);
        onDone(id);
      } else {
        const res = await healthApi.create({ ...data, archiveState: archive ? 1 : 0 });
        onDone(res.data.id);
      }
      toast.success(t('saved'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="resident-form">
      <Alert type="info" showIcon title={t('formHint')} style={{ marginBottom: 12 }} />
      <FormRenderer
        definition={definition}
        mode="edit"
        form={form}
        values={initialValues(definition, record.data ?? undefined)}
        onValuesChange={(changed) => {
          if (typeof changed.idNumber === 'string') {
            const info = parseIdNumber(changed.idNumber);
            if (info.valid) form.setFieldsValue({ sex: info.sex, birthDate: info.birthDate });
          }
        }}
      />
      <Space style={{ marginTop: 12 }}>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
        {id ? (
          <Button type="primary" loading={busy} onClick={() => save(false)}>
            {t('save')}
          </Button>
        ) : (
          <>
            <Button loading={busy} onClick={() => save(false)} data-testid="save-draft">
              {t('saveDraft')}
            </Button>
            <Button type="primary" loading={busy} onClick={() => save(true)} data-testid="save-archive">
              {t('saveArchive')}
            </Button>
          </>
        )}
      </Space>
    </div>
  );
}

export function ResidentFormModal({ id, onClose }: { id?: string; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Modal open width={900} title={id ? t('edit') : t('add')} footer={null} onCancel={() => onClose(false)} destroyOnHidden>
      <ResidentForm id={id} onDone={() => onClose(true)} onCancel={() => onClose(false)} />
    </Modal>
  );
}
