import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { TOP_NODE_ID } from '@medalliance/contract';
import { organizeApi, type OrganizeForm as Body } from '../../../api/permission.ts';
import { AuthOrganizeSelect } from '../../../components/pickers/org/AuthOrganizeSelect.tsx';
import { UserSelect } from '../../../components/pickers/org/UserSelect.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { EnCodeField, FullNameField, RecordTailFields } from '../shared/recordFields.tsx';
import { NEW_RECORD_VALUES, recordBody, recordValues, type RecordValues } from '../shared/recordValues.ts';
import { useFormRules } from '../shared/rules.ts';
import { useRecordForm, type RecordFormProps } from '../shared/useRecordForm.ts';

export interface OrganizeFormTarget {
  /** null: a new node. */
  id: string | null;
  parentId?: string;
  category?: 'company' | 'department';
}

interface Values extends RecordValues {
  parentId: string;
  category: 'company' | 'department';
  shortName?: string;
  managerId?: string;
}

/** Create / edit an organisation: parent (authorized picker, 'only org' mode), category, code, name, manager. */
export function OrganizeForm(props: RecordFormProps<OrganizeFormTarget>) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();

  const { id, dialog } = useRecordForm<Values, NonNullable<typeof props.target>>(props, {
    initial: (target) => ({ ...NEW_RECORD_VALUES, parentId: target.parentId ?? TOP_NODE_ID, category: target.category ?? 'company' }),
    load: async (id) => {
      const { data } = await organizeApi.info(id);
      return {
        ...recordValues(data),
        parentId: data.parentId === '-1' ? TOP_NODE_ID : data.parentId,
        category: data.category,
        shortName: data.shortName ?? undefined,
        managerId: data.managerId ?? undefined,
      };
    },
    save: async (v, id): Promise<unknown> => {
      const body: Body = {
        ...recordBody(v),
        parentId: v.parentId || TOP_NODE_ID,
        category: v.category,
        shortName: v.shortName?.trim() || null,
        managerId: v.managerId || null,
      };
      return id ? organizeApi.update(id, body) : organizeApi.create(body);
    },
  });

  return (
    <FormDialog<Values> name="organize" title={id ? t('org.editTitle') : t('org.addTitle')} {...dialog}>
      <Form.Item name="parentId" label={t('org.parent')} rules={[rules.requiredSelect(t('org.parent'))]}>
        <AuthOrganizeSelect onlyOrg currOrgId={id ?? ''} allowClear={false} />
      </Form.Item>
      <Form.Item name="category" label={t('org.category')} rules={[rules.requiredSelect(t('org.category'))]}>
        <Radio.Group
          options={[
            { value: 'company', label: t('org.company') },
            { value: 'department', label: t('org.department') },
          ]}
        />
      </Form.Item>
      <FullNameField label={t('org.fullName')} />
      <Form.Item name="shortName" label={t('org.shortName')} rules={[rules.max(100)]}>
        <Input maxLength={100} />
      </Form.Item>
      <EnCodeField label={t('org.enCode')} />
      <Form.Item name="managerId" label={t('org.manager')}>
        <UserSelect />
      </Form.Item>
      <RecordTailFields />
    </FormDialog>
  );
}
