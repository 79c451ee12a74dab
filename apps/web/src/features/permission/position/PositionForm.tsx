import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { positionApi, type PositionForm as Body } from '../../../api/permission.ts';
import { OrganizeSelect } from '../../../components/pickers/org/OrganizeSelect.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { EnCodeField, FullNameField, RecordTailFields } from '../shared/recordFields.tsx';
import { NEW_RECORD_VALUES, recordBody, recordValues, type RecordValues } from '../shared/recordValues.ts';
import { useFormRules } from '../shared/rules.ts';
import { useRecordForm, type RecordFormProps } from '../shared/useRecordForm.ts';

/** Position types offered in the form; the server keeps any short text. */
export const POSITION_TYPES = ['clinical', 'management', 'publicHealth', 'other'] as const;
const TYPE_KEYS: Record<string, string> = {
  clinical: 'position.typeClinical',
  management: 'position.typeManagement',
  publicHealth: 'position.typePublicHealth',
  other: 'position.typeOther',
};

export const positionTypeLabel = (t: (k: string) => string, v: string | null | undefined) =>
  v ? (TYPE_KEYS[v] ? t(TYPE_KEYS[v]) : v) : '';

interface Values extends RecordValues {
  organizeId: string;
  type?: string;
}

/** Create / edit a position: its organisation (organization picker), name, code, type. */
export function PositionForm(props: RecordFormProps<{ id: string | null; organizeId?: string }>) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();

  const { id, dialog } = useRecordForm<Values, NonNullable<typeof props.target>>(props, {
    initial: (target) => ({ ...NEW_RECORD_VALUES, organizeId: target.organizeId }),
    load: async (id) => {
      const { data } = await positionApi.info(id);
      return { ...recordValues(data), organizeId: data.organizeId, type: data.type ?? undefined };
    },
    save: async (v, id): Promise<unknown> => {
      const body: Body = { ...recordBody(v), organizeId: v.organizeId, type: v.type || null };
      return id ? positionApi.update(id, body) : positionApi.create(body);
    },
  });

  return (
    <FormDialog<Values> name="position" title={id ? t('position.editTitle') : t('position.addTitle')} {...dialog}>
      <Form.Item name="organizeId" label={t('position.organize')} rules={[rules.requiredSelect(t('position.organize'))]}>
        <OrganizeSelect />
      </Form.Item>
      <FullNameField label={t('position.fullName')} />
      <EnCodeField label={t('position.enCode')} />
      <Form.Item name="type" label={t('position.type')}>
        <Select
          allowClear
          options={POSITION_TYPES.map((v) => ({ value: v, label: positionTypeLabel(t, v) }))}
          placeholder={t('common.choose')}
        />
      </Form.Item>
      <RecordTailFields />
    </FormDialog>
  );
}
