import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { positionApi, type PositionForm as Body } from '../../../api/permission.ts';
import { OrganizeSelect } from '../../../components/pickers/org/OrganizeSelect.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useFormRules } from '../shared/rules.ts';
import { useRecordForm } from '../shared/useRecordForm.ts';

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

interface Values {
  organizeId: string;
  fullName: string;
  enCode: string;
  type?: string;
  sortCode?: number;
  enabled: boolean;
  description?: string;
}

/** Create / edit a position: its organisation (organization picker), name, code, type. */
export function PositionForm({
  target,
  onClose,
  onSaved,
}: {
  target: { id: string | null; organizeId?: string } | null;
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
    initial: (target) => ({ organizeId: target.organizeId, enabled: true, sortCode: 0 }),
    load: async (id) => {
      const { data } = await positionApi.info(id);
      return {
        organizeId: data.organizeId,
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
        organizeId: v.organizeId,
        fullName: v.fullName.trim(),
        enCode: v.enCode.trim(),
        type: v.type || null,
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabled ? 1 : 0,
        description: v.description?.trim() || null,
      };
      return id ? positionApi.update(id, body) : positionApi.create(body);
    },
    onSaved,
    onClose,
  });

  return (
    <FormDialog<Values>
      name="position"
      open={!!target}
      title={id ? t('position.editTitle') : t('position.addTitle')}
      form={form}
      loading={loading}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="organizeId" label={t('position.organize')} rules={[rules.requiredSelect(t('position.organize'))]}>
        <OrganizeSelect />
      </Form.Item>
      <Form.Item name="fullName" label={t('position.fullName')} rules={[rules.required(t('position.fullName')), rules.max(100)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="enCode" label={t('position.enCode')} rules={[rules.required(t('position.enCode')), rules.enCode, rules.max(50)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="type" label={t('position.type')}>
        <Select
          allowClear
          options={POSITION_TYPES.map((v) => ({ value: v, label: positionTypeLabel(t, v) }))}
          placeholder={t('common.choose')}
        />
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
