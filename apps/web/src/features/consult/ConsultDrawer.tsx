import { useState } from 'react';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Rate,
  Select,
  Space,
  Spin,
  Timeline,
  Typography,
} from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsultAction } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { FileList } from '../../components/upload/index.ts';
import { consultApi, type ConsultDetail } from './api.ts';
import { StateTag } from './ConsultList.tsx';
import { fen, time } from './format.ts';
import { NS } from './messages.ts';

/**
 * One consultation: the patient (masked; reveal with a reason, audited), the
 * question and attachments, schedule, opinion, evaluation, the history of its
 * steps, and a form for each step the caller may take now (the server said
 * which, and checks again).
 */
export function ConsultDrawer({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const detail = useQuery({ queryKey: ['consult', 'detail', id], queryFn: async () => (await consultApi.get(id)).data });
  const [acting, setActing] = useState<ConsultAction | null>(null);
  const [revealed, setRevealed] = useState<{ fullName: string; idNumber: string | null; phone: string | null } | null>(null);
  const [revealing, setRevealing] = useState(false);
  const d = detail.data;
  return (
    <Drawer
      open
      width={760}
      onClose={onClose}
      title={d ? `${t('consultation')} ${d.code}` : t('consultation')}
      destroyOnHidden
      data-testid="consult-drawer"
    >
      {!d ? (
        <Spin />
      ) : (
        <>
          {d.overdue && (
            <Alert type="error" showIcon title={t('overdueHint', { at: time(d.approveDeadline) })} style={{ marginBottom: 12 }} />
          )}
          <Space style={{ marginBottom: 12 }} wrap>
            <StateTag state={d.state} />
            {d.actions.map((a) => (
              <Button
                key={a}
                type={a === 'refuse' || a === 'cancel' ? 'default' : 'primary'}
                danger={a === 'refuse' || a === 'cancel'}
                onClick={() => setActing(a)}
                data-testid={`consult-do-${a}`}
              >
                {t(`do.${a}`)}
              </Button>
            ))}
          </Space>
          <Descriptions bordered size="small" column={2} title={t('patientInfo')}>
            <Descriptions.Item label={t('patient')}>
              <span data-testid="consult-drawer-patient">{revealed?.fullName ?? d.patientName}</span>
              {!revealed && (
                <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setRevealing(true)} data-testid="consult-reveal">
                  {t('reveal')}
                </Button>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('idNumber')}>{revealed?.idNumber ?? d.patientIdNumber}</Descriptions.Item>
            <Descriptions.Item label={t('phone')}>{revealed?.phone ?? d.patientPhone}</Descriptions.Item>
            <Descriptions.Item label={t('org')}>{d.orgName}</Descriptions.Item>
          </Descriptions>
          <Descriptions bordered size="small" column={2} title={t('application')} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('applicant')}>{d.applicantName}</Descriptions.Item>
            <Descriptions.Item label={t('createdAt')}>{time(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('urgency')}>{t(`urgency.${d.urgency}`)}</Descriptions.Item>
            <Descriptions.Item label={t('mode')}>{t(`mode.${d.mode}`)}</Descriptions.Item>
            <Descriptions.Item label={t('dept')}>{d.deptName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('experts')}>{d.experts.map((e) => e.realName).join('、') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('question')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.question}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('summary')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.summary || '—'}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('attachments')} span={2}>
              {d.attachments.length ? <FileList files={d.attachments} /> : '—'}
            </Descriptions.Item>
            {d.refuseReason && (
              <Descriptions.Item label={t('refuseReason')} span={2}>
                {d.refuseReason}
              </Descriptions.Item>
            )}
          </Descriptions>
          {(d.scheduledAt || d.opinion || d.score !== null) && (
            <Descriptions bordered size="small" column={2} title={t('result')} style={{ marginTop: 16 }}>
              <Descriptions.Item label={t('scheduledAt')}>{time(d.scheduledAt)}</Descriptions.Item>
              <Descriptions.Item label={t('roomOrLink')}>
                {d.link ? (
                  <a href={d.link} target="_blank" rel="noreferrer">
                    {d.link}
                  </a>
                ) : (
                  d.room || '—'
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('fee')}>{fen(d.fee)}</Descriptions.Item>
              <Descriptions.Item label={t('heldAt')}>{time(d.heldAt)}</Descriptions.Item>
              <Descriptions.Item label={t('opinion')} span={2}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="consult-opinion">
                  {d.opinion || '—'}
                </Typography.Paragraph>
                {d.opinionByName && (
                  <Typography.Text type="secondary">
                    {d.opinionByName} · {time(d.opinionAt)}
                  </Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('score')} span={2}>
                {d.score === null ? '—' : <Rate disabled value={d.score} />} {d.evalComment}
              </Descriptions.Item>
            </Descriptions>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('history')}
          </Typography.Title>
          {d.events.length ? (
            <Timeline
              data-testid="consult-history"
              items={d.events.map((e) => ({
                children: `${time(e.at)}  ${e.userName ?? ''} ${t(`event.${e.action}`)}${e.note ? `：${e.note}` : ''}`,
              }))}
            />
          ) : (
            <Empty />
          )}
          {acting && (
            <ActionModal
              detail={d}
              action={acting}
              onClose={() => setActing(null)}
              onDone={() => {
                setActing(null);
                void detail.refetch();
                onChanged();
              }}
            />
          )}
          <RevealModal
            open={revealing}
            onClose={() => setRevealing(false)}
            onReveal={async (reason) => {
              setRevealed((await consultApi.reveal(id, reason)).data);
              setRevealing(false);
            }}
          />
        </>
      )}
    </Drawer>
  );
}

function RevealModal({ open, onClose, onReveal }: { open: boolean; onClose: () => void; onReveal: (reason: string) => Promise<void> }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={t('reveal')}
      onCancel={onClose}
      onOk={async () => onReveal((await form.validateFields()).reason.trim())}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('revealHint')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('revealReason')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input.TextArea rows={2} maxLength={200} data-testid="consult-reveal-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The form of one step: experts to assign, reason, time and room/link, opinion from a template, score and comment. */
function ActionModal({
  detail,
  action,
  onClose,
  onDone,
}: {
  detail: ConsultDetail;
  action: ConsultAction;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const options = useQuery({
    queryKey: ['consult', 'options'],
    queryFn: async () => (await consultApi.options()).data,
    enabled: action === 'approve',
  });
  const templates = useQuery({
    queryKey: ['consult', 'templates'],
    queryFn: async () => (await consultApi.templates()).data.list,
    enabled: action === 'opinion',
  });
  const submit = async () => {
    const v = await form.validateFields();
    const body: Record<string, unknown> = { ...v };
    if (action === 'schedule') body.scheduledAt = v.scheduledAt.valueOf();
    setBusy(true);
    try {
      await consultApi.act(detail.id, action, body);
      toast.success(t('done'));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  const grouped = new Map<string, { label: string; options: { value: string; label: string }[] }>();
  for (const tpl of templates.data ?? []) {
    const g = grouped.get(tpl.deptId) ?? { label: tpl.deptName ?? '', options: [] };
    g.options.push({ value: tpl.id, label: tpl.title });
    grouped.set(tpl.deptId, g);
  }
  return (
    <Modal
      open
      title={t(`do.${action}`)}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'consult-action-ok' } as never}
      destroyOnHidden
      width={620}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ expertIds: detail.expertId ? [detail.expertId] : [], score: 5 }}
        data-testid={`consult-form-${action}`}
      >
        {action === 'approve' && (
          <>
            <Form.Item name="expertIds" label={t('assignExperts')} rules={[{ required: true, message: t('required') }]}>
              <Select
                mode="multiple"
                showSearch
                optionFilterProp="label"
                data-testid="consult-experts"
                options={(options.data?.experts ?? []).map((e) => ({ value: e.id, label: `${e.realName}（${e.deptName ?? ''}）` }))}
              />
            </Form.Item>
            <Form.Item name="note" label={t('note')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </>
        )}
        {(action === 'refuse' || action === 'cancel') && (
          <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input.TextArea rows={3} maxLength={500} data-testid="consult-reason" />
          </Form.Item>
        )}
        {action === 'schedule' && (
          <>
            <Form.Item name="scheduledAt" label={t('scheduledAt')} rules={[{ required: true, message: t('required') }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="consult-scheduled-at" />
            </Form.Item>
            <Form.Item name="link" label={t('link')}>
              <Input maxLength={500} placeholder="https://" data-testid="consult-link" />
            </Form.Item>
            <Form.Item name="room" label={t('room')}>
              <Input maxLength={200} />
            </Form.Item>
          </>
        )}
        {action === 'hold' && <Alert type="info" showIcon title={t('holdHint')} />}
        {action === 'opinion' && (
          <>
            <Form.Item name="templateId" label={t('template')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                data-testid="consult-template"
                options={[...grouped.values()]}
                onChange={(v: string | undefined) => {
                  const tpl = templates.data?.find((x) => x.id === v);
                  if (tpl) form.setFieldValue('opinion', tpl.content);
                }}
              />
            </Form.Item>
            <Form.Item name="opinion" label={t('opinion')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
              <Input.TextArea rows={8} maxLength={4000} showCount data-testid="consult-opinion-text" />
            </Form.Item>
          </>
        )}
        {action === 'evaluate' && (
          <>
            <Form.Item name="score" label={t('score')} rules={[{ required: true, message: t('required') }]}>
              <Rate allowClear={false} data-testid="consult-score" />
            </Form.Item>
            <Form.Item name="comment" label={t('evalComment')}>
              <Input.TextArea rows={3} maxLength={1000} data-testid="consult-comment" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
