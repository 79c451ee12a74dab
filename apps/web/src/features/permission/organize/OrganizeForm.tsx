import { Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { TOP_NODE_ID } from '@medalliance/contract';
import { organizeApi, type OrganizeForm as Body } from '../../../api/permission.ts';
import { AuthOrganizeSelect } from '../../../components/pickers/org/AuthOrganizeSelect.tsx';
import { UserSelect } from '../../../components/pickers/org/UserSelect.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useFormRules } from '../shared/rules.ts';
import { useRecordForm } from '../shared/useRecordForm.ts';

export interface OrganizeFormTarget {
  /** null: a new node. */
  id: string | null;
  parentId?: string;
  category?: 'company' | 'department';
}

interface Values {
  parentId: string;
  category: 'company' | 'department';
  fullName: string;
  shortName?: string;
  enCode: string;
  managerId?: string;
  sortCode?: number;
  enabled: boolean;
  description?: string;
}

/** Create / edit an organisation: parent (authorized picker, 'only org' mode), category, code, name, manager. */
export function OrganizeForm({
  target,
  onClose,
  onSaved,
}: {
  target: OrganizeFormTarget | null;
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
    initial: (target) => ({ parentId: target.parentId ?? TOP_NODE_ID, category: target.category ?? 'company', enabled: true, sortCode: 0 }),
    load: async (id) => {
      const { data } = await organizeApi.info(id);
      return {
        parentId: data.parentId === '-1' ? TOP_NODE_ID : data.parentId,
        category: data.category,
        fullName: data.fullName,
        shortName: data.shortName ?? undefined,
        enCode: data.enCode,
        managerId: data.managerId ?? undefined,
        sortCode: data.sortCode,
        enabled: data.enabledMark === 1,
        description: data.description ?? undefined,
      };
    },
    save: async (v, id): Promise<unknown> => {
      const body: Body = {
        parentId: v.parentId || TOP_NODE_ID,
        category: v.category,
        fullName: v.fullName.trim(),
        shortName: v.shortName?.trim() || null,
        enCode: v.enCode.trim(),
        managerId: v.managerId || null,
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabled ? 1 : 0,
        description: v.description?.trim() || null,
      };
      return id ? organizeApi.update(id, body) : organizeApi.create(body);
    },
    onSaved,
    onClose,
  });

  return (
    <FormDialog<Values>
      name="organize"
      open={open}
      title={id ? t('org.editTitle') : t('org.addTitle')}
      form={form}
      loading={loading}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
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
      <Form.Item name="fullName" label={t('org.fullName')} rules={[rules.required(t('org.fullName')), rules.max(100)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="shortName" label={t('org.shortName')} rules={[rules.max(100)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="enCode" label={t('org.enCode')} rules={[rules.required(t('org.enCode')), rules.enCode, rules.max(50)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="managerId" label={t('org.manager')}>
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
