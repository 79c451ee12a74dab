import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupApi, type GroupForm as Body } from '../../../api/permission.ts';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { EnCodeField, FullNameField, RecordTailFields } from '../shared/recordFields.tsx';
import { NEW_RECORD_VALUES, recordBody, recordValues, type RecordValues } from '../shared/recordValues.ts';
import { useRecordForm, type RecordFormProps } from '../shared/useRecordForm.ts';

/** Group types offered in the form (the seed's kinds); the server keeps any short text. */
export const GROUP_TYPES = ['familyDoctor', 'consultation', 'other'] as const;
const TYPE_KEYS: Record<string, string> = {
  familyDoctor: 'group.typeFamilyDoctor',
  consultation: 'group.typeConsultation',
  other: 'group.typeOther',
};
export const groupTypeLabel = (t: (k: string) => string, v: string | null | undefined) => (v ? (TYPE_KEYS[v] ? t(TYPE_KEYS[v]) : v) : '');

interface Values extends RecordValues {
  type?: string;
}

/** Create / edit a user group. */
export function GroupForm(props: RecordFormProps<{ id: string | null }>) {
  const { t } = useTranslation(NS);

  const { id, dialog } = useRecordForm<Values, NonNullable<typeof props.target>>(props, {
    initial: () => NEW_RECORD_VALUES,
    load: async (id) => {
      const { data } = await groupApi.info(id);
      return { ...recordValues(data), type: data.type ?? undefined };
    },
    save: async (v, id): Promise<unknown> => {
      const body: Body = { ...recordBody(v), type: v.type || null };
      return id ? groupApi.update(id, body) : groupApi.create(body);
    },
  });

  return (
    <FormDialog<Values> name="group" title={id ? t('group.editTitle') : t('group.addTitle')} {...dialog}>
      <FullNameField label={t('group.fullName')} />
      <EnCodeField label={t('group.enCode')} />
      <Form.Item name="type" label={t('group.type')}>
        <Select allowClear placeholder={t('common.choose')} options={GROUP_TYPES.map((v) => ({ value: v, label: groupTypeLabel(t, v) }))} />
      </Form.Item>
      <RecordTailFields />
    </FormDialog>
  );
}
