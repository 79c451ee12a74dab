import { useEffect } from 'react';
import { Button, Card, Col, Form, InputNumber, Row, Select, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONSULT_MODES, CONSULT_URGENCIES, type ConsultSettings } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { consultApi } from './api.ts';
import { NS } from './messages.ts';

/** 流程设置 (flow_settings): who approves consultations and conferences, the time limits, and the fee schedule (yuan on screen, fen stored). */
export default function FlowSettingsPage() {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const settings = useQuery({ queryKey: ['consult', 'settings'], queryFn: async () => (await consultApi.settings()).data });
  const options = useQuery({ queryKey: ['consult', 'options'], queryFn: async () => (await consultApi.options()).data });
  useEffect(() => {
    if (!settings.data) return;
    const s = settings.data;
    form.setFieldsValue({
      ...s,
      fees: Object.fromEntries(CONSULT_MODES.map((m) => [m, Object.fromEntries(CONSULT_URGENCIES.map((u) => [u, s.fees[m][u] / 100]))])),
    });
  }, [settings.data, form]);
  if (!settings.data) return <Spin />;
  const save = async () => {
    const v = await form.validateFields();
    const body: ConsultSettings = {
      ...v,
      fees: Object.fromEntries(
        CONSULT_MODES.map((m) => [m, Object.fromEntries(CONSULT_URGENCIES.map((u) => [u, Math.round(Number(v.fees[m][u]) * 100)]))]),
      ) as ConsultSettings['fees'],
    };
    await consultApi.saveSettings(body);
    toast.success(t('saved'));
    void settings.refetch();
  };
  const roles = (options.data?.roles ?? []).map((r) => ({ value: r.enCode, label: r.fullName }));
  const editable = !!options.data?.me.canEditSettings;
  return (
    <Card data-testid="consult-settings-page">
      <Form form={form} layout="vertical" disabled={!editable} style={{ maxWidth: 860 }}>
        <Typography.Title level={5}>{t('approval')}</Typography.Title>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="consultApproverRole" label={t('consultApproverRole')} rules={[{ required: true }]}>
              <Select options={roles} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="conferenceApproverRole" label={t('conferenceApproverRole')} rules={[{ required: true }]}>
              <Select options={roles} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('timeLimits')}</Typography.Title>
        <Row gutter={16}>
          {(['approveHours', 'urgentApproveHours', 'opinionHours'] as const).map((k) => (
            <Col span={8} key={k}>
              <Form.Item name={k} label={t(k)} rules={[{ required: true }]}>
                <InputNumber min={1} max={720} addonAfter={t('hours')} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Title level={5}>{t('feeSchedule')}</Typography.Title>
        {CONSULT_MODES.map((m) => (
          <Row gutter={16} key={m}>
            {CONSULT_URGENCIES.map((u) => (
              <Col span={12} key={u}>
                <Form.Item name={['fees', m, u]} label={`${t(`mode.${m}`)} · ${t(`urgency.${u}`)}`} rules={[{ required: true }]}>
                  <InputNumber min={0} max={100000} precision={2} addonAfter={t('yuan')} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        ))}
        {editable && (
          <Button type="primary" onClick={save} data-testid="consult-settings-save">
            {t('save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
