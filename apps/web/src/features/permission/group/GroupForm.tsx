import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupApi, type GroupForm as Body } from '../../../api/permission.ts';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useFormRules } from '../shared/rules.ts';
import { useRecordForm } from '../shared/useRecordForm.ts';

/** Group types offered in the form (the seed's kinds); the server keeps any short text. */
export const GROUP_TYPES = ['familyDoctor', 'consultation', 'other'] as const;
const TYPE_KEYS: Record<string, string> = {
  familyDoctor: 'group.typeFamilyDoctor',
  consultation: 'group.typeConsultation',
  other: 'group.typeOther',
};
export const groupTypeLabel = (t: (k: string) => string, v: string | null | undefined) => (v ? (TYPE_KEYS[v] ? t(TYPE_KEYS[v]) : v) : '');

interface Values {
  fullName: string;
  enCode: string;
  type?: string;
  sortCode?: number;
  enabled: boolean;
  description?: string;
}

/** Create / edit a user group. */
export function GroupForm({
  target,
  onClose,
  onSaved,
}: {
  target: { id: string | null } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();
  const id = target?.id ?? null;

  const { loading, saving, submit } = useRecordForm<Values, NonNullable<typeof target>>({
    form,
    target,
    initial: () => ({ enabled: true, sortCode: 0 }),
    load: async (id) => {
      const { data } = await groupApi.info(id);
      return {
        fullName: data.fullName,
        enCode: data.enCode,
        type: data.type ?? undefined,
        sortCode: data.sortCode,
        enabled: data.enabledMark === 1,
        description: data.description ?? undefined,
      };
    },
    save: async (v, id): Promise<unknown> => {
      const body: Body = {
        fullName: v.fullName.trim(),
        enCode: v.enCode.trim(),
        type: v.type || null,
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabled ? 1 : 0,
        description: v.description?.trim() || null,
      };
      return id ? groupApi.update(id, body) : groupApi.create(body);
    },
    onSaved,
    onClose,
  });

  return (
    <FormDialog<Values>
      name="group"
      open={!!target}
      title={id ? t('group.editTitle') : t('group.addTitle')}
      form={form}
      loading={loading}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="fullName" label={t('group.fullName')} rules={[rules.required(t('group.fullName')), rules.max(100)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="enCode" label={t('group.enCode')} rules={[rules.required(t('group.enCode')), rules.enCode, rules.max(50)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="type" label={t('group.type')}>
        <Select allowClear placeholder={t('common.choose')} options={GROUP_TYPES.map((v) => ({ value: v, label: groupTypeLabel(t, v) }))} />
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
