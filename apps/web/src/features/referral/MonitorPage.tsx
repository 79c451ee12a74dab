import { useState } from 'react';
import { Button, Card, Col, Form, InputNumber, Modal, Row, Space, Statistic } from 'antd';
import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReferralLimits } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { referralApi } from './api.ts';
import { statusKey } from './format.ts';
import { ReferralDrawer } from './ReferralDrawer.tsx';
import { ReferralTable } from './ReferralTable.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import './referral.css';

/**
 * 转诊监控 (referral_monitor), the county's view: every open referral with its
 * state and waiting time, those past their step's time limit first; counts
 * per state; the time limits (a setting).
 */
export default function MonitorPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const meta = useQuery({ queryKey: ['referral', 'meta'], queryFn: async () => (await referralApi.meta()).data });
  const q = useQuery({
    queryKey: ['referral', 'monitor', page],
    queryFn: async () => (await referralApi.monitor(page)).data,
    placeholderData: keepPreviousData,
  });
  const summary = new Map<string, { count: number; breached: number }>();
  for (const s of q.data?.summary ?? []) {
    const k = statusKey(s.status, s.arrived);
    summary.set(k, { count: s.count, breached: s.breached });
  }
  const total = [...summary.values()].reduce((a, s) => a + s.count, 0);
  const breached = [...summary.values()].reduce((a, s) => a + s.breached, 0);
  return (
    <Card data-testid="referral-monitor" className="referral-screen">
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col xs={12} md={4}>
          <Card size="small">
            <Statistic title={t('monitor.open')} value={total} />
          </Card>
        </Col>
        <Col xs={12} md={4}>
          <Card size="small">
            <Statistic
              title={t('monitor.breachedCount')}
              value={breached}
              valueStyle={{ color: breached ? '#cf1322' : undefined }}
              data-testid="referral-monitor-breached"
            />
          </Card>
        </Col>
        {['0', '7', '2', '2a'].map((k) => (
          <Col key={k} xs={12} md={4}>
            <Card size="small">
              <Statistic
                title={t(`status.${k}`)}
                value={summary.get(k)?.count ?? 0}
                suffix={summary.get(k)?.breached ? <small style={{ color: '#cf1322' }}>({summary.get(k)!.breached})</small> : null}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
          {t('refresh')}
        </Button>
        {meta.data?.rights.settings ? (
          <Button icon={<SettingOutlined />} onClick={() => setEditing(true)} data-testid="referral-limits">
            {t('monitor.limits')}
          </Button>
        ) : null}
      </Space>
      <ReferralTable
        data={q.data}
        loading={q.isFetching}
        page={page}
        onPage={(currentPage, pageSize) => setPage({ currentPage, pageSize })}
        onOpen={(r) => setOpenId(r.id)}
        testId="referral-monitor-table"
      />
      <ReferralDrawer id={openId} onClose={() => setOpenId(null)} />
      {q.data ? (
        <LimitsModal
          open={editing}
          limits={q.data.limits}
          onClose={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            await qc.invalidateQueries({ queryKey: ['referral'] });
          }}
        />
      ) : null}
    </Card>
  );
}

function LimitsModal({
  open,
  limits,
  onClose,
  onSaved,
}: {
  open: boolean;
  limits: ReferralLimits;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<ReferralLimits>();
  return (
    <Modal
      open={open}
      title={t('monitor.limits')}
      onCancel={onClose}
      okText={t('monitor.save')}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        await referralApi.saveSettings(v);
        toast.success(t('detail.done'));
        await onSaved();
      }}
    >
      <Form form={form} layout="vertical" initialValues={limits} preserve={false}>
        {(['approvalHours', 'answerHours', 'arrivalHours', 'closeHours'] as const).map((k) => (
          <Form.Item key={k} name={k} label={t(`monitor.${k}`)} rules={[{ required: true, message: t('form.required') }]}>
            <InputNumber min={1} max={8760} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
