import { useState } from 'react';
import { Alert, Button, Descriptions, Divider, Drawer, Form, Input, Modal, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REFERRAL_TRANSITIONS, type ReferralAction } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { FileList } from '../../components/upload/index.ts';
import { MaskedText } from '../health/shared/MaskedText.tsx';
import { referralApi } from './api.ts';
import { fmtDate, fmtTime } from './format.ts';
import { StatusTag } from './ReferralTable.tsx';
import { NS } from './messages.ts';
import './messages.ts';

const DANGER = new Set<ReferralAction>(['rejectOut', 'rejectIn', 'cancel', 'terminate', 'void', 'withdraw']);

/**
 * One referral: the §2 form (patient masked unless revealed with a reason),
 * the down-referral summary, attachments, the milestones and the full history
 * (who, which unit, when, why), the two-week follow-up, and the buttons the
 * server allows the caller now (each refused again by the server if not).
 */
export function ReferralDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['referral', 'detail', id], queryFn: async () => (await referralApi.detail(id!)).data, enabled: !!id });
  const [asking, setAsking] = useState<ReferralAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState<{ fullName: string; idNumber: string; phone: string } | null>(null);
  const [revealOpen, setRevealOpen] = useState(false);
  const [followOpen, setFollowOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const d = q.data;

  const done = async () => {
    toast.success(t('detail.done'));
    await qc.invalidateQueries({ queryKey: ['referral'] });
  };
  const run = async (action: ReferralAction, reason = '') => {
    setBusy(true);
    try {
      await referralApi.act(id!, action, reason);
      setAsking(null);
      form.resetFields();
      await done();
    } finally {
      setBusy(false);
    }
  };
  const click = (action: ReferralAction) => (REFERRAL_TRANSITIONS[action].reasonRequired ? setAsking(action) : void run(action));

  return (
    <Drawer
      open={!!id}
      onClose={() => {
        setRevealed(null);
        onClose();
      }}
      width={760}
      title={d ? t('detail.title', { no: d.referralNo }) : ''}
      destroyOnHidden
      data-testid="referral-drawer"
      extra={d ? <StatusTag status={d.status} arrived={d.arrived} /> : null}
    >
      {!d ? (
        <Spin />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }} data-testid="referral-actions">
            {d.actions.length ? (
              d.actions.map((a) => (
                <Button
                  key={a}
                  type={DANGER.has(a) ? 'default' : 'primary'}
                  danger={DANGER.has(a)}
                  loading={busy}
                  onClick={() => click(a)}
                  data-testid={`referral-act-${a}`}
                >
                  {t(`action.${a}`)}
                </Button>
              ))
            ) : (
              <Typography.Text type="secondary">{t('detail.noActions')}</Typography.Text>
            )}
          </Space>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('col.patient')}>
              <Space>
                <MaskedText value={d.fullName} revealed={revealed?.fullName} testId="referral-patient" />
                {!revealed ? (
                  <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setRevealOpen(true)} data-testid="referral-reveal">
                    {t('detail.reveal')}
                  </Button>
                ) : null}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('col.idNumber')}>
              <MaskedText value={d.idNumber} revealed={revealed?.idNumber} />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.sex')}>{d.sex ? t(`sex.${d.sex}`) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.birth')}>{fmtDate(d.birthDate)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.phone')}>
              <MaskedText value={d.phone} revealed={revealed?.phone} />
            </Descriptions.Item>
            <Descriptions.Item label={t('col.direction')}>
              <Tag color={d.direction === '1' ? 'purple' : 'cyan'}>{t(`dir.${d.direction}`)}</Tag>
              <Tag color={d.urgency === '3' ? 'red' : d.urgency === '2' ? 'orange' : 'default'}>{t(`urgency.${d.urgency}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('col.from')}>{d.fromUnitName}</Descriptions.Item>
            <Descriptions.Item label={t('col.applicant')}>{d.applicantName}</Descriptions.Item>
            <Descriptions.Item label={t('col.to')}>{d.toUnitName}</Descriptions.Item>
            <Descriptions.Item label={t('col.dept')}>{[d.toDeptName, d.toDoctorName].filter(Boolean).join(' / ') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('form.visitType')}>{d.visitType ? t(`visitType.${d.visitType}`) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('form.referralDate')}>{fmtDate(d.referralDate)}</Descriptions.Item>
            <Descriptions.Item label={t('form.reasonCode')} span={2}>
              {t(`reason.${d.reasonCode}`)}
              {d.reason ? `：${d.reason}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('form.diagnosis')} span={2}>
              {d.diagnosis}
            </Descriptions.Item>
            <Descriptions.Item label={t('form.condition')} span={2}>
              {d.condition || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('form.results')} span={2}>
              {d.results || '—'}
            </Descriptions.Item>
            {d.notes ? (
              <Descriptions.Item label={t('form.notes')} span={2}>
                {d.notes}
              </Descriptions.Item>
            ) : null}
            {d.rehab ? (
              <Descriptions.Item label={t('form.rehab')} span={2}>
                {d.rehab}
              </Descriptions.Item>
            ) : null}
            {d.answerReason ? (
              <Descriptions.Item label={t('detail.answerReason')} span={2}>
                <Typography.Text type="danger">{d.answerReason}</Typography.Text>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {d.direction === '2' ? (
            <>
              <Divider titlePlacement="start">{t('form.summary')}</Divider>
              <Descriptions size="small" bordered column={1} data-testid="referral-summary">
                <Descriptions.Item label={t('form.dischargeDiagnosis')}>{d.dischargeDiagnosis || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('form.treatment')}>{d.treatment || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('form.treatmentResult')}>{d.treatmentResult || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('form.nextSteps')}>{d.nextSteps || '—'}</Descriptions.Item>
              </Descriptions>
            </>
          ) : null}
          {d.attachments.length ? (
            <>
              <Divider titlePlacement="start">{t('form.attachments')}</Divider>
              <FileList files={d.attachments} />
            </>
          ) : null}
          {d.followUp.length ? (
            <>
              <Divider titlePlacement="start">{t('detail.followUp')}</Divider>
              {d.followUp.map((p) => (
                <Alert
                  key={p.id}
                  data-testid="referral-followup"
                  type={p.visitedAt ? 'success' : p.windowEnd < Date.now() ? 'error' : 'warning'}
                  showIcon
                  message={t('detail.followUpWindow', { from: fmtDate(p.windowStart), to: fmtDate(p.windowEnd) })}
                  description={p.visitedAt ? t('detail.followUpDone', { at: fmtTime(p.visitedAt) }) : undefined}
                  action={
                    !p.visitedAt && d.parties.includes('applicant') ? (
                      <Button size="small" type="primary" onClick={() => setFollowOpen(true)} data-testid="referral-followup-record">
                        {t('detail.followUpRecord')}
                      </Button>
                    ) : undefined
                  }
                />
              ))}
            </>
          ) : null}
          <Divider titlePlacement="start">{t('detail.history')}</Divider>
          <Timeline
            data-testid="referral-history"
            items={d.events.map((e) => ({
              color:
                e.action === 'rejectOut' || e.action === 'rejectIn' || e.action === 'terminate'
                  ? 'red'
                  : e.action === 'close'
                    ? 'green'
                    : 'blue',
              children: (
                <div>
                  <Typography.Text strong>{t(`action.${e.action}`)}</Typography.Text>{' '}
                  <Typography.Text type="secondary">{fmtTime(e.at)}</Typography.Text>
                  <div>
                    {e.userName ?? '—'} · {e.unitName ?? '—'}
                    {e.reason ? <Typography.Text type="secondary"> — {e.reason}</Typography.Text> : null}
                  </div>
                </div>
              ),
            }))}
          />
        </>
      )}
      <Modal
        open={!!asking}
        title={asking ? t('detail.reasonFor', { action: t(`action.${asking}`) }) : ''}
        onCancel={() => setAsking(null)}
        confirmLoading={busy}
        onOk={async () => {
          const { reason } = await form.validateFields();
          await run(asking!, reason.trim());
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="referral-reason" />
          </Form.Item>
        </Form>
      </Modal>
      <ReasonModal
        open={revealOpen}
        title={t('detail.revealReason')}
        onCancel={() => setRevealOpen(false)}
        onOk={async (reason) => {
          setRevealed((await referralApi.reveal(id!, reason)).data);
          setRevealOpen(false);
        }}
      />
      <ReasonModal
        open={followOpen}
        title={t('detail.followUpNote')}
        onCancel={() => setFollowOpen(false)}
        onOk={async (note) => {
          await referralApi.followUp(id!, note);
          setFollowOpen(false);
          await done();
        }}
      />
    </Drawer>
  );
}

function ReasonModal({
  open,
  title,
  onCancel,
  onOk,
}: {
  open: boolean;
  title: string;
  onCancel: () => void;
  onOk: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ text: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      confirmLoading={busy}
      destroyOnHidden
      onOk={async () => {
        const { text } = await form.validateFields();
        setBusy(true);
        try {
          await onOk(text.trim());
          form.resetFields();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="text" rules={[{ required: true, whitespace: true, min: 2, message: t('form.required') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="referral-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
