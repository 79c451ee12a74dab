import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Statistic } from 'antd';
import { SafetyCertificateOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FD_AUDIT_STATUSES, FD_AUTHENTICITY, type FdRecordRow, type FdVerifySettings } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { fdApi } from './api.ts';
import { RecordTable } from './tables.tsx';
import { useList } from './useList.ts';
import { NS } from './messages.ts';
import './messages.ts';

/**
 * 服务核验 (serve_verify): the authenticity results of the service records
 * (position and date against the resident's address), the settings (radius,
 * days), re-verification, and the audit of each record (通过 / 不通过).
 */
export default function ServeVerifyPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const meta = useQuery({ queryKey: ['fd', 'meta'], queryFn: async () => (await fdApi.meta()).data });
  const l = useList<FdRecordRow>('verify', { authenticity: '', auditStatus: 'pending', keyword: '' }, fdApi.records);
  const [settings, setSettings] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<FdVerifySettings>();
  const v = meta.data?.verify;
  const canVerify = !!meta.data?.rights.verify;
  const refresh = () => void qc.invalidateQueries({ queryKey: ['fd'] });
  useEffect(() => {
    if (settings && v) form.setFieldsValue(v);
  }, [settings, v, form]);
  const audit = async (id: string, decision: 'approved' | 'rejected') => {
    await fdApi.audit(id, decision);
    toast.success(t('ok.done'));
    refresh();
  };
  const reverify = async () => {
    setBusy(true);
    try {
      const r = (await fdApi.reverify()).data;
      toast.success(t('ok.reverified', { v: r['1'], i: r['2'], u: r['0'] }));
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    const s = await form.validateFields();
    await fdApi.saveSettings(s);
    toast.success(t('ok.saved'));
    setSettings(false);
    refresh();
  };
  return (
    <Card
      data-testid="fd-serve-verify"
      title={t('title.verify')}
      extra={
        canVerify ? (
          <Space>
            <Button icon={<SafetyCertificateOutlined />} loading={busy} onClick={() => void reverify()} data-testid="fd-reverify">
              {t('action.reverify')}
            </Button>
            <Button icon={<SettingOutlined />} onClick={() => setSettings(true)} data-testid="fd-settings">
              {t('action.settings')}
            </Button>
          </Space>
        ) : null
      }
    >
      {v ? (
        <Space size={48} style={{ marginBottom: 12 }}>
          <Statistic title={t('f.radius')} value={v.radiusM} />
          <Statistic title={t('f.days')} value={v.days} />
          <Statistic title={t('wl.audit')} value={meta.data?.counts.audit ?? 0} />
        </Space>
      ) : null}
      {v ? <Alert type="info" showIcon title={t('hint.verify', { radius: v.radiusM, days: v.days })} style={{ marginBottom: 12 }} /> : null}
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search allowClear placeholder={t('keywordName')} style={{ width: 200 }} onSearch={(keyword) => l.setFilter({ keyword })} />
        <Select
          style={{ width: 140 }}
          value={String(l.filter.authenticity ?? '')}
          onChange={(authenticity) => l.setFilter({ authenticity })}
          data-testid="fd-verify-auth"
          options={[{ value: '', label: t('allAuth') }, ...FD_AUTHENTICITY.map((s) => ({ value: s, label: t(`auth.${s}`) }))]}
        />
        <Select
          style={{ width: 150 }}
          value={String(l.filter.auditStatus ?? '')}
          onChange={(auditStatus) => l.setFilter({ auditStatus })}
          data-testid="fd-verify-audit"
          options={[{ value: '', label: t('allAudit') }, ...FD_AUDIT_STATUSES.map((s) => ({ value: s, label: t(`audit.${s}`) }))]}
        />
      </Space>
      <RecordTable
        {...l}
        reveal={meta.data?.rights.reveal}
        testId="fd-verify-records"
        empty={t('empty.records')}
        extra={(r) =>
          canVerify && r.auditStatus === 'pending' ? (
            <Space size={0}>
              <Button size="small" type="link" onClick={() => void audit(r.id, 'approved')} data-testid={`fd-approve-${r.id}`}>
                {t('action.approve')}
              </Button>
              <Popconfirm
                title={t('confirm.reject')}
                okText={t('action.reject')}
                cancelText={t('action.cancel')}
                onConfirm={() => audit(r.id, 'rejected')}
              >
                <Button size="small" type="link" danger>
                  {t('action.reject')}
                </Button>
              </Popconfirm>
            </Space>
          ) : null
        }
      />
      <Modal
        open={settings}
        title={t('action.settings')}
        okText={t('action.save')}
        cancelText={t('action.cancel')}
        onOk={() => void save()}
        onCancel={() => setSettings(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="radiusM" label={t('f.radius')} rules={[{ required: true }]}>
            <InputNumber min={10} max={100000} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="days" label={t('f.days')} rules={[{ required: true }]}>
            <InputNumber min={1} max={365} precision={0} style={{ width: 200 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
