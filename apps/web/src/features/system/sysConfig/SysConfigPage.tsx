import { useEffect, useMemo } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Spin, Switch } from 'antd';
import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@medalliance/contract';
import { sysConfigApi, type SysConfig } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { useUser } from '../../../app/stores/userStore.ts';
import { usePermission } from '../../../components/auth/usePermission.ts';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { ImageUploader } from '../../../components/upload/ImageUploader.tsx';
import { NS } from '../messages.ts';
import { BYTES_PER_KB, changedSettings, CIDR_PATTERN, cleanList, HOST_PATTERN } from './sysConfigForm.ts';
import './messages.ts';
import '../common/system.css';

const KEY = ['system', 'sysConfig'] as const;

/** An icon setting: a stored URL shown and replaced through the image uploader. */
function IconField({ value, onChange, disabled }: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const files: FileEntry[] = value ? [{ name: 'icon', fileId: '', fileSize: 0, fileExtension: '', fileVersionId: '', url: value }] : [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ImageUploader
        value={files}
        limit={1}
        fileSize={2}
        disabled={disabled}
        onChange={(next) => onChange?.(next[next.length - 1]?.url ?? '')}
      />
      <Input value={value} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} placeholder="/api/file/Image/…" allowClear />
    </Space>
  );
}

const num = (min: number, max: number, unit?: string, step = 1) => (
  <InputNumber min={min} max={max} step={step} precision={0} style={{ width: '100%' }} suffix={unit} />
);

/**
 * System settings (sysName, version, icons, copyright, session and sign-in
 * rules, password policy, SMS, data-interface limits, log retention). The
 * server applies a change at once, without a restart; only changed keys are sent.
 */
export default function SysConfigPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [form] = Form.useForm<SysConfig & { interfaceMaxResponseKb: number }>();
  const { hasBtn } = usePermission();
  const canEdit = hasBtn(BUTTON_CODES.edit);
  const settings = useQuery({ queryKey: KEY, queryFn: async () => (await sysConfigApi.get()).data });
  const zones = useMemo(() => {
    try {
      return Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z }));
    } catch {
      return [{ value: 'Asia/Shanghai', label: 'Asia/Shanghai' }];
    }
  }, []);

  useEffect(() => {
    if (settings.data)
      form.setFieldsValue({ ...settings.data, interfaceMaxResponseKb: Math.round(settings.data.interfaceMaxResponseBytes / BYTES_PER_KB) });
  }, [settings.data, form]);

  const save = useMutation({
    mutationFn: (values: Partial<SysConfig>) => sysConfigApi.save(values),
    onSuccess: (res) => {
      client.setQueryData(KEY, res.data);
      const { sysName, sysVersion, logoIcon, navigationIcon, copyright } = res.data;
      // The shell shows these: let it follow without a new sign-in.
      useUser.setState((s) =>
        s.sysConfigInfo ? { sysConfigInfo: { ...s.sysConfigInfo, sysName, sysVersion, logoIcon, navigationIcon, copyright } } : {},
      );
      toast.success(t('cfg.saved'));
    },
  });

  const submit = (raw: SysConfig & { interfaceMaxResponseKb: number }) => {
    const { interfaceMaxResponseKb, ...values } = raw;
    const hosts = cleanList(values.interfaceAllowedHosts ?? [], HOST_PATTERN);
    const nets = cleanList(values.interfaceAllowedNetworks ?? [], CIDR_PATTERN);
    const next: SysConfig = {
      ...values,
      interfaceAllowedHosts: hosts.list,
      interfaceAllowedNetworks: nets.list,
      interfaceMaxResponseBytes: Math.round(interfaceMaxResponseKb * BYTES_PER_KB),
    };
    const diff = changedSettings(settings.data ?? {}, next);
    if (!Object.keys(diff).length) return toast.info(t('cfg.noChange'));
    save.mutate(diff);
  };

  if (!settings.data) {
    return (
      <div className="ma-page ma-sys-page">
        <div className="ma-sys-center">
          {settings.isError ? <Button onClick={() => void settings.refetch()}>{t('refresh')}</Button> : <Spin />}
        </div>
      </div>
    );
  }

  const item = (name: keyof SysConfig | 'interfaceMaxResponseKb', control: React.ReactNode, extra?: string, span = 12) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={t(`cfg.${name}`)} extra={extra}>
        {control}
      </Form.Item>
    </Col>
  );
  const listValidator = (pattern: RegExp, key: string) => async (_: unknown, v: string[] | undefined) => {
    const bad = cleanList(v ?? [], pattern).invalid;
    if (bad.length) throw new Error(t(key, { list: bad.join(', ') }));
  };
  const toggle = (name: keyof SysConfig, extra?: string) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={t(`cfg.${name}`)} valuePropName="checked" extra={extra}>
        <Switch />
      </Form.Item>
    </Col>
  );

  return (
    <div className="ma-page ma-sys-page ma-cfg-page" data-testid="ma-cfg-page">
      <Form form={form} layout="vertical" disabled={!canEdit} onFinish={submit} scrollToFirstError>
        <div className="ma-cfg-bar">
          <Alert type="info" showIcon title={t('cfg.hint')} style={{ flex: 1 }} />
          <Space>
            <Button
              icon={<ReloadOutlined />}
              disabled={false}
              onClick={() =>
                void settings.refetch().then(
                  (r) =>
                    r.data &&
                    form.setFieldsValue({
                      ...r.data,
                      interfaceMaxResponseKb: Math.round(r.data.interfaceMaxResponseBytes / BYTES_PER_KB),
                    }),
                )
              }
            >
              {t('reset')}
            </Button>
            {canEdit && (
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="ma-cfg-save">
                {t('save')}
              </Button>
            )}
          </Space>
        </div>
        <div className="ma-sys-card-grid">
          <Card title={t('cfg.basics')} size="small">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="sysName"
                  label={t('cfg.sysName')}
                  rules={[{ required: true, whitespace: true, message: t('required', { name: t('cfg.sysName') }) }, { max: 50 }]}
                >
                  <Input maxLength={50} data-testid="ma-cfg-sysname" />
                </Form.Item>
              </Col>
              {item('sysVersion', <Input maxLength={30} />)}
              {item('copyright', <Input maxLength={200} />, undefined, 24)}
              {item('logoIcon', <IconField />)}
              {item('navigationIcon', <IconField />)}
              {item('timeZone', <Select showSearch options={zones} />, t('cfg.timeZoneHint'), 24)}
            </Row>
          </Card>
          <Card title={t('cfg.signIn')} size="small">
            <Row gutter={16}>
              {item('tokenTimeout', num(5, 43_200, t('cfg.minutes')), t('cfg.tokenTimeoutHint'))}
              {toggle('singleLogin', t('cfg.singleLoginHint'))}
              {item('captchaAfterFailures', num(0, 20, t('cfg.times')), t('cfg.captchaHint'))}
              {item('captchaLength', num(3, 6, t('cfg.chars')))}
              {item('lockAfterFailures', num(1, 50, t('cfg.times')))}
              {item('lockMinutes', num(0, 1440, t('cfg.minutes')), t('cfg.lockMinutesHint'))}
              {item('addressFailureLimit', num(1, 10_000, t('cfg.times')), t('cfg.addressFailureHint'))}
              {item('addressWindowSeconds', num(10, 86_400, t('cfg.seconds')), t('cfg.addressWindowHint'))}
            </Row>
          </Card>
          <Card title={t('cfg.password')} size="small">
            <Row gutter={16}>
              {item('passwordMinLength', num(6, 16, t('cfg.chars')))}
              {item('passwordExpireDays', num(0, 3650, t('cfg.days')), t('cfg.expireHint'))}
              {toggle('passwordRequireMixed')}
              {toggle('passwordRefuseReuse')}
            </Row>
          </Card>
          <Card title={t('cfg.sms')} size="small">
            <Row gutter={16}>
              {item('smsSignName', <Input maxLength={20} />)}
              {item('smsCodeMinutes', num(1, 60, t('cfg.minutes')))}
              {item('smsResendSeconds', num(10, 600, t('cfg.seconds')))}
              {item('smsMaxAttempts', num(1, 20, t('cfg.times')))}
              {item('smsDailyLimit', num(1, 100, t('cfg.times')))}
              {item('addressSmsLimit', num(1, 1000, t('cfg.times')), t('cfg.addressSmsHint'))}
            </Row>
          </Card>
          <Card title={t('cfg.interfaces')} size="small">
            <Row gutter={16}>
              <Col span={24}>
                <Form.Item
                  name="interfaceAllowedHosts"
                  label={t('cfg.interfaceAllowedHosts')}
                  extra={t('cfg.hostsHint')}
                  rules={[{ validator: listValidator(HOST_PATTERN, 'cfg.badHosts') }]}
                >
                  <Select
                    mode="tags"
                    tokenSeparators={[',', ' ', '\n']}
                    open={false}
                    suffixIcon={null}
                    placeholder="api.example.com, *.gov.cn"
                    data-testid="ma-cfg-hosts"
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="interfaceAllowedNetworks"
                  label={t('cfg.interfaceAllowedNetworks')}
                  extra={t('cfg.networksHint')}
                  rules={[{ validator: listValidator(CIDR_PATTERN, 'cfg.badNetworks') }]}
                >
                  <Select mode="tags" tokenSeparators={[',', ' ', '\n']} open={false} suffixIcon={null} placeholder="10.0.0.0/8" />
                </Form.Item>
              </Col>
              {item('interfaceTimeoutMs', num(100, 60_000, 'ms', 500))}
              {item('interfaceMaxResponseKb', num(1, 20 * 1024, 'KB', 64))}
              {item('sqlTimeoutMs', num(100, 60_000, 'ms', 500), t('cfg.sqlTimeoutHint'))}
              {item('logRetentionDays', num(1, 3650, t('cfg.days')), t('cfg.retentionHint'))}
            </Row>
          </Card>
        </div>
      </Form>
    </div>
  );
}
