import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { departmentApi, type OrganizeForm as Body } from '../../../api/permission.ts';
import { AuthOrganizeSelect } from '../../../components/pickers/org/AuthOrganizeSelect.tsx';
import { UserSelect } from '../../../components/pickers/org/UserSelect.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useFormRules } from '../shared/rules.ts';
import { useRecordForm } from '../shared/useRecordForm.ts';

export interface DepartmentFormTarget {
  /** null: a new department. */
  id: string | null;
  parentId?: string;
}

interface Values {
  parentId: string;
  fullName: string;
  enCode: string;
  managerId?: string;
  sortCode?: number;
  enabled: boolean;
  description?: string;
}

/** Create / edit a department: the organisation it belongs to (authorized picker, general mode), code, name, head. */
export function DepartmentForm({
  target,
  onClose,
  onSaved,
}: {
  target: DepartmentFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();
  const open = !!target;
  const id = target?.id ?? null;

  const { loading, saving, submit } = useRecordForm<Values, NonNullable<typeof target>>({
    form,
    target,
    initial: (target) => ({ parentId: target.parentId, enabled: true, sortCode: 0 }),
    load: async (id) => {
      const { data } = await departmentApi.info(id);
      return {
        parentId: data.parentId,
        fullName: data.fullName,
        enCode: data.enCode,
        managerId: data.managerId ?? undefined,
        sortCode: data.sortCode,
        enabled: data.enabledMark === 1,
        description: data.description ?? undefined,
      };
    },
    save: async (v, id): Promise<unknown> => {
      const body: Body = {
        parentId: v.parentId,
        category: 'department',
        fullName: v.fullName.trim(),
        enCode: v.enCode.trim(),
        managerId: v.managerId || null,
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabled ? 1 : 0,
        description: v.description?.trim() || null,
      };
      return id ? departmentApi.update(id, body) : departmentApi.create(body);
    },
    onSaved,
    onClose,
  });

  return (
    <FormDialog<Values>
      name="department"
      open={open}
      title={id ? t('dept.editTitle') : t('dept.addTitle')}
      form={form}
      loading={loading}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="parentId" label={t('dept.parent')} rules={[rules.requiredSelect(t('dept.parent'))]}>
        <AuthOrganizeSelect currOrgId={id ?? ''} allowClear={false} />
      </Form.Item>
      <Form.Item name="fullName" label={t('dept.fullName')} rules={[rules.required(t('dept.fullName')), rules.max(100)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="enCode" label={t('dept.enCode')} rules={[rules.required(t('dept.enCode')), rules.enCode, rules.max(50)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="managerId" label={t('dept.manager')}>
        <UserSelect />
      </Form.Item>
      <Form.Item name="sortCode" label={t('common.sortCode')}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
        <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
      </Form.Item>
      <Form.Item name="description" label={t('common.description')} rules={[rules.max(500)]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
