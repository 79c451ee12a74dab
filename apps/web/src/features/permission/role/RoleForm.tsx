import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleApi, type RoleForm as Body } from '../../../api/permission.ts';
import { OrganizeSelect } from '../../../components/pickers/org/OrganizeSelect.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { EnCodeField, FullNameField, RecordTailFields } from '../shared/recordFields.tsx';
import { NEW_RECORD_VALUES, recordBody, recordValues, type RecordValues } from '../shared/recordValues.ts';
import { useFormRules } from '../shared/rules.ts';
import { useRecordForm, type RecordFormProps } from '../shared/useRecordForm.ts';

interface Values extends RecordValues {
  globalMark: 0 | 1;
  organizeIds: string[];
}

/** Create / edit a role: global, or an organisation role with its organisations (organization picker, multiple). */
export function RoleForm(props: RecordFormProps<{ id: string | null }>) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();
  const { form, id, dialog } = useRecordForm<Values, NonNullable<typeof props.target>>(props, {
    initial: () => ({ ...NEW_RECORD_VALUES, globalMark: 1, organizeIds: [] }),
    load: async (id) => {
      const { data } = await roleApi.info(id);
      return { ...recordValues(data), globalMark: data.globalMark === 1 ? 1 : 0, organizeIds: data.organizeIds ?? [] };
    },
    save: async (v, id): Promise<unknown> => {
      const body: Body = {
        ...recordBody(v),
        globalMark: v.globalMark,
        organizeIds: v.globalMark === 1 ? [] : (v.organizeIds ?? []),
      };
      return id ? roleApi.update(id, body) : roleApi.create(body);
    },
  });

  const globalMark = Form.useWatch('globalMark', form);

  return (
    <FormDialog<Values> name="role" title={id ? t('role.editTitle') : t('role.addTitle')} {...dialog}>
      <FullNameField label={t('role.fullName')} />
      <EnCodeField label={t('role.enCode')} />
      <Form.Item name="globalMark" label={t('role.type')}>
        <Radio.Group
          options={[
            { value: 1, label: t('role.global') },
            { value: 0, label: t('role.organize') },
          ]}
        />
      </Form.Item>
      {globalMark === 0 ? (
        <Form.Item name="organizeIds" label={t('role.organizations')} rules={[rules.requiredSelect(t('role.organizations'))]}>
          <OrganizeSelect multiple />
        </Form.Item>
      ) : null}
      <RecordTailFields />
    </FormDialog>
  );
}
