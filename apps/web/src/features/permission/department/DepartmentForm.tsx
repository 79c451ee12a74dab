import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { departmentApi, type OrganizeForm as Body } from '../../../api/permission.ts';
import { AuthOrganizeSelect } from '../../../components/pickers/org/AuthOrganizeSelect.tsx';
import { UserSelect } from '../../../components/pickers/org/UserSelect.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { EnCodeField, FullNameField, RecordTailFields } from '../shared/recordFields.tsx';
import { NEW_RECORD_VALUES, recordBody, recordValues, type RecordValues } from '../shared/recordValues.ts';
import { useFormRules } from '../shared/rules.ts';
import { useRecordForm, type RecordFormProps } from '../shared/useRecordForm.ts';

export interface DepartmentFormTarget {
  /** null: a new department. */
  id: string | null;
  parentId?: string;
}

interface Values extends RecordValues {
  parentId: string;
  managerId?: string;
}

/** Create / edit a department: the organisation it belongs to (authorized picker, general mode), code, name, head. */
export function DepartmentForm(props: RecordFormProps<DepartmentFormTarget>) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();

  const { id, dialog } = useRecordForm<Values, NonNullable<typeof props.target>>(props, {
    initial: (target) => ({ ...NEW_RECORD_VALUES, parentId: target.parentId }),
    load: async (id) => {
      const { data } = await departmentApi.info(id);
      return { ...recordValues(data), parentId: data.parentId, managerId: data.managerId ?? undefined };
    },
    save: async (v, id): Promise<unknown> => {
      const body: Body = { ...recordBody(v), parentId: v.parentId, category: 'department', managerId: v.managerId || null };
      return id ? departmentApi.update(id, body) : departmentApi.create(body);
    },
  });

  return (
    <FormDialog<Values> name="department" title={id ? t('dept.editTitle') : t('dept.addTitle')} {...dialog}>
      <Form.Item name="parentId" label={t('dept.parent')} rules={[rules.requiredSelect(t('dept.parent'))]}>
        <AuthOrganizeSelect currOrgId={id ?? ''} allowClear={false} />
      </Form.Item>
      <FullNameField label={t('dept.fullName')} />
      <EnCodeField label={t('dept.enCode')} />
      <Form.Item name="managerId" label={t('dept.manager')}>
        <UserSelect />
      </Form.Item>
      <RecordTailFields />
    </FormDialog>
  );
}
