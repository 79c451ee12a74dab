import { Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleApi, type RoleForm as Body } from '../../../api/permission.ts';
import { OrganizeSelect } from '../../../components/pickers/org/OrganizeSelect.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useFormRules } from '../shared/rules.ts';
import { useRecordForm } from '../shared/useRecordForm.ts';

interface Values {
  fullName: string;
  enCode: string;
  globalMark: 0 | 1;
  organizeIds: string[];
  sortCode?: number;
  enabled: boolean;
  description?: string;
}

/** Create / edit a role: global, or an organisation role with its organisations (organization picker, multiple). */
export function RoleForm({ target, onClose, onSaved }: { target: { id: string | null } | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();
  const id = target?.id ?? null;
  const globalMark = Form.useWatch('globalMark', form);

  const { loading, saving, submit } = useRecordForm<Values, NonNullable<typeof target>>({
    form,
    target,
    initial: () => ({ globalMark: 1, organizeIds: [], enabled: true, sortCode: 0 }),
    load: async (id) => {
      const { data } = await roleApi.info(id);
      return {
        fullName: data.fullName,
        enCode: data.enCode,
        globalMark: data.globalMark === 1 ? 1 : 0,
        organizeIds: data.organizeIds ?? [],
        sortCode: data.sortCode,
        enabled: data.enabledMark === 1,
        description: data.description ?? undefined,
      };
    },
    save: async (v, id): Promise<unknown> => {
      const body: Body = {
        fullName: v.fullName.trim(),
        enCode: v.enCode.trim(),
        globalMark: v.globalMark,
        organizeIds: v.globalMark === 1 ? [] : (v.organizeIds ?? []),
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabled ? 1 : 0,
        description: v.description?.trim() || null,
      };
      return id ? roleApi.update(id, body) : roleApi.create(body);
    },
    onSaved,
    onClose,
  });

  return (
    <FormDialog<Values>
      name="role"
      open={!!target}
      title={id ? t('role.editTitle') : t('role.addTitle')}
      form={form}
      loading={loading}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="fullName" label={t('role.fullName')} rules={[rules.required(t('role.fullName')), rules.max(100)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="enCode" label={t('role.enCode')} rules={[rules.required(t('role.enCode')), rules.enCode, rules.max(50)]}>
        <Input maxLength={50} />
      </Form.Item>
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
