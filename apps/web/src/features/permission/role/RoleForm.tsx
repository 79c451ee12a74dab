import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleApi, type RoleForm as Body } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { OrganizeSelect } from '../../../components/pickers/org/OrganizeSelect.tsx';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useFormRules } from '../shared/rules.ts';
import { useLatest } from '../shared/useLatest.ts';

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
  const [loading, setLoading] = useState(false);
  const id = target?.id ?? null;
  const close = useLatest(onClose);
  const globalMark = Form.useWatch('globalMark', form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (!target.id) {
      form.setFieldsValue({ globalMark: 1, organizeIds: [], enabled: true, sortCode: 0 });
      return;
    }
    let live = true;
    setLoading(true);
    roleApi
      .info(target.id)
      .then(({ data }) => {
        if (!live) return;
        form.setFieldsValue({
          fullName: data.fullName,
          enCode: data.enCode,
          globalMark: data.globalMark === 1 ? 1 : 0,
          organizeIds: data.organizeIds ?? [],
          sortCode: data.sortCode,
          enabled: data.enabledMark === 1,
          description: data.description ?? undefined,
        });
      })
      .catch(() => close.current())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [target, form, close]);

  const save = useMutation({
    mutationFn: async (v: Values): Promise<unknown> => {
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
    onSuccess: () => {
      toast.success(t('common.saved'));
      onSaved();
      onClose();
    },
  });

  return (
    <FormDialog<Values>
      name="role"
      open={!!target}
      title={id ? t('role.editTitle') : t('role.addTitle')}
      form={form}
      loading={loading}
      saving={save.isPending}
      onSubmit={(v) => save.mutate(v)}
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
