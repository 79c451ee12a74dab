import { LockOutlined } from '@ant-design/icons';
import { patterns } from '@medalliance/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { hashPassword } from '../../api/password.ts';
import { modifyPassword, type BaseInfo } from './profileApi.ts';
import { NS } from './messages.ts';

interface Fields {
  oldPassword: string;
  password: string;
  confirm: string;
}

/**
 * Change my password (spec §7.3 ModifyPassword): the §5.1 password rule is
 * checked here (the server only ever sees MD5 digests), both passwords are
 * hashed before sending, and success says that the other devices were
 * signed out (the server ends every other session of the account).
 */
export function PasswordTab({ info }: { info: BaseInfo }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async ({ oldPassword, password }: Fields) => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await modifyPassword(hashPassword(oldPassword), hashPassword(password));
      form.resetFields();
      setDone(true);
      message.success(t('pwd.done'), 3);
      void client.invalidateQueries({ queryKey: ['profile', 'baseInfo'] });
    } catch (e) {
      setError(e instanceof HttpError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ma-profile-password">
      <Alert
        type={done ? 'success' : 'info'}
        showIcon
        title={done ? t('pwd.done') : t('pwd.notice')}
        className="ma-profile-password-notice"
      />
      {error ? <Alert type="error" showIcon title={error} className="ma-profile-password-notice" role="alert" /> : null}
      <Form<Fields>
        form={form}
        layout="vertical"
        onFinish={submit}
        disabled={busy}
        onValuesChange={() => {
          if (error) setError(null);
          if (done) setDone(false);
        }}
        autoComplete="off"
      >
        <Form.Item name="oldPassword" label={t('pwd.old')} rules={[{ required: true, message: t('pwd.oldRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('pwd.new')}
          extra={t('pwd.hint')}
          validateFirst
          rules={[
            { required: true, message: t('pwd.newRequired') },
            { pattern: patterns.password, message: t('rules.password', { ns: 'rules' }) },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('pwd.confirm')}
          dependencies={['password']}
          validateFirst
          rules={[
            { required: true, message: t('pwd.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('pwd.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('pwd.submit')}
        </Button>
        {info.changePasswordAt ? (
          <span className="ma-profile-password-last">
            {t('pwd.lastChanged', { time: dayjs(info.changePasswordAt).format('YYYY-MM-DD HH:mm') })}
          </span>
        ) : null}
      </Form>
    </div>
  );
}
