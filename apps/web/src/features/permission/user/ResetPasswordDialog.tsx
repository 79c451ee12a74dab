import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { NS } from '../messages.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useFormRules } from '../shared/rules.ts';

interface Values {
  account: string;
  password: string;
  confirm: string;
}

/** Reset a user's password (spec §5.1 password rule); only the MD5 is sent (spec §7.1). */
export function ResetPasswordDialog({
  user,
  onClose,
}: {
  user: { id: string; account?: string; realName?: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!user) return;
    form.resetFields();
    form.setFieldsValue({ account: user.realName ? `${user.realName}/${user.account ?? ''}` : (user.account ?? '') });
  }, [user, form]);

  const save = useMutation({
    mutationFn: (v: Values) => userApi.resetPassword(user!.id, v.password),
    onSuccess: () => {
      toast.success(t('reset.done'));
      onClose();
    },
  });

  return (
    <FormDialog<Values>
      name="resetPassword"
      open={!!user}
      title={t('reset.title')}
      form={form}
      width={480}
      saving={save.isPending}
      onSubmit={(v) => save.mutate(v)}
      onClose={onClose}
    >
      <Form.Item name="account" label={t('user.account')}>
        <Input disabled />
      </Form.Item>
      <Form.Item name="password" label={t('reset.newPassword')} rules={[rules.required(t('reset.newPassword')), rules.password]}>
        <Input.Password maxLength={16} autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('reset.confirmPassword')}
        dependencies={['password']}
        rules={[
          rules.required(t('reset.confirmPassword')),
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('reset.mismatch'))),
          }),
        ]}
      >
        <Input.Password maxLength={16} autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
