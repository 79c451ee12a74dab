import { useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Form, Input, Modal, Select, Space, Spin, Table, Tabs, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAT_TRANSITIONS, type MatState } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { MaskedText } from '../shared/MaskedText.tsx';
import { RevealButton } from '../shared/RevealButton.tsx';
import type { Revealed } from '../shared/healthApi.ts';
import { fmtDate, matApi, PLAN_COLOR, RISK_COLOR, STATE_COLOR, visitTypeOf, type MatDetail, type VisitType } from './api.ts';
import { NS } from './messages.ts';
import { VisitDialog } from './VisitDialog.tsx';

const utcDay = (d: Dayjs | undefined | null) => (d ? Date.UTC(d.year(), d.month(), d.date()) : undefined);
/** The states a doctor sets here (the others come from the delivery form and the visits). */
const MANUAL: MatState[] = ['terminated', 'referred', 'lost', 'movedOut', 'antenatal', 'closed'];
const NEEDS_REASON: MatState[] = ['terminated', 'referred', 'lost', 'movedOut'];

/** One pregnancy: its record, plans with windows and states, visits, state history; record a visit, the delivery, a state change. */
export function PregnancyDrawer({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [visit, setVisit] = useState<VisitType | null>(null);
  const [dialog, setDialog] = useState<'delivery' | 'state' | null>(null);
  const q = useQuery({ queryKey: ['healthMaternal', 'detail', id], queryFn: async () => (await matApi.pregnancy(id)).data });
  const d = q.data;
  const refresh = () => {
    void q.refetch();
    onChanged();
  };
  const ended = d?.state === 'closed' || d?.state === 'movedOut';
  const nextType: VisitType | null = d ? visitTypeOf(d.plans.find((p) => !p.visitId && p.state !== 'overdue')?.kind, d) : null;
  return (
    <Drawer open width={820} onClose={onClose} title={t('detail')} destroyOnHidden data-testid="mat-drawer">
      {!d ? (
        <Spin />
      ) : (
        <>
          <Space style={{ marginBottom: 12 }} wrap>
            {!ended && (
              <Button type="primary" onClick={() => setVisit(nextType)} data-testid="mat-drawer-visit">
                {t('recordVisit')}
              </Button>
            )}
            {d.state && MAT_TRANSITIONS[d.state as MatState]?.includes('delivered') && (
              <Button onClick={() => setDialog('delivery')} data-testid="mat-drawer-delivery">
                {t('delivery')}
              </Button>
            )}
            {!ended && <Button onClick={() => setDialog('state')}>{t('changeState')}</Button>}
            <RevealButton residentId={d.residentId} onRevealed={setRevealed} type="default" size="middle" />
          </Space>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('name')}>
              <MaskedText value={d.fullName} revealed={revealed?.fullName} />
            </Descriptions.Item>
            <Descriptions.Item label={t('idNumber')}>
              <MaskedText value={d.idNumber} revealed={revealed?.idNumber} />
            </Descriptions.Item>
            <Descriptions.Item label={t('phone')}>
              <MaskedText value={d.phone} revealed={revealed?.phone} />
            </Descriptions.Item>
            <Descriptions.Item label={t('age')}>{d.age ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('lmp')}>{fmtDate(d.lmp)}</Descriptions.Item>
            <Descriptions.Item label={t('edd')}>{fmtDate(d.edd)}</Descriptions.Item>
            <Descriptions.Item label={t('gestation')}>
              <span data-testid="mat-drawer-gestation">{d.gestationToday ? t('gestationFmt', { g: d.gestationToday }) : '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('gp')}>{`G${d.gravidity ?? ''}P${d.parity ?? ''}`}</Descriptions.Item>
            <Descriptions.Item label={t('risk')}>
              <Tag color={RISK_COLOR[d.riskLevel ?? '']}>{t(`risk.${d.riskLevel}`)}</Tag> {d.riskScore ?? 0}
            </Descriptions.Item>
            <Descriptions.Item label={t('state')}>
              <Tag color={STATE_COLOR[d.state ?? '']} data-testid="mat-drawer-state">
                {t(`state.${d.state}`)}
              </Tag>
              {d.stateReason ?? ''}
            </Descriptions.Item>
            <Descriptions.Item
              label={t('registeredAt')}
            >{`${fmtDate(d.registeredAt)}（${t('gestationFmt', { g: d.registeredGestation })}）`}</Descriptions.Item>
            <Descriptions.Item label={t('org')}>{d.orgName}</Descriptions.Item>
            {d.deliveryDate && <Descriptions.Item label={t('deliveryDate')}>{fmtDate(d.deliveryDate)}</Descriptions.Item>}
            {d.dischargeDate && <Descriptions.Item label={t('dischargeDate')}>{fmtDate(d.dischargeDate)}</Descriptions.Item>}
          </Descriptions>
          <Tabs
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'plans',
                label: t('plans'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={d.plans}
                    data-testid="mat-drawer-plans"
                    columns={[
                      { title: t('planKind'), key: 'kind', render: (_: unknown, p: MatDetail['plans'][number]) => t(`kind.${p.kind}`) },
                      {
                        title: t('window'),
                        key: 'window',
                        render: (_: unknown, p: MatDetail['plans'][number]) => `${fmtDate(p.windowStart)} ~ ${fmtDate(p.windowEnd)}`,
                      },
                      {
                        title: t('planState'),
                        key: 'state',
                        render: (_: unknown, p: MatDetail['plans'][number]) => (
                          <Tag color={PLAN_COLOR[p.state]}>{t(`plan.${p.state}`)}</Tag>
                        ),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'visits',
                label: t('visits'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={d.visits}
                    columns={[
                      { title: t('date'), key: 'date', render: (_: unknown, v: MatDetail['visits'][number]) => fmtDate(v.visitDate) },
                      { title: t('planKind'), key: 'type', render: (_: unknown, v: MatDetail['visits'][number]) => t(`type.${v.type}`) },
                      {
                        title: t('gestation'),
                        key: 'detail',
                        render: (_: unknown, v: MatDetail['visits'][number]) =>
                          v.type === 'first' || v.type === 'antenatal'
                            ? t('gestationFmt', { g: v.detail ?? '' })
                            : t('resultDays', { d: v.detail ?? '' }),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'history',
                label: t('history'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={d.history}
                    columns={[
                      {
                        title: t('at'),
                        key: 'at',
                        render: (_: unknown, h: MatDetail['history'][number]) => new Date(h.at).toLocaleString(),
                      },
                      {
                        title: t('change'),
                        key: 'change',
                        render: (_: unknown, h: MatDetail['history'][number]) =>
                          h.field === 'state'
                            ? `${h.oldValue ? t(`state.${h.oldValue}`) : '—'} → ${t(`state.${h.newValue}`)}`
                            : `${h.field}: ${h.oldValue ?? '—'} → ${h.newValue ?? '—'}`,
                      },
                      { title: t('reason'), dataIndex: 'reason', key: 'reason' },
                      { title: t('user'), dataIndex: 'userName', key: 'user' },
                    ]}
                  />
                ),
              },
            ]}
          />
          {visit && (
            <VisitDialog
              type={visit}
              residentId={d.residentId}
              pregnancyId={d.pregnancyId}
              name={revealed?.fullName ?? d.fullName}
              lmp={d.lmp}
              deliveryDate={d.deliveryDate ?? null}
              onClose={() => setVisit(null)}
              onSaved={refresh}
            />
          )}
          {dialog && <StateDialog kind={dialog} detail={d} onClose={() => setDialog(null)} onDone={refresh} />}
        </>
      )}
    </Drawer>
  );
}

function StateDialog({
  kind,
  detail,
  onClose,
  onDone,
}: {
  kind: 'delivery' | 'state';
  detail: MatDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const choices = MANUAL.filter((s) => MAT_TRANSITIONS[detail.state as MatState]?.includes(s));
  const to = Form.useWatch('state', form) as MatState | undefined;
  const ok = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (kind === 'delivery')
        await matApi.delivery(detail.pregnancyId, {
          deliveryDate: utcDay(v.deliveryDate),
          dischargeDate: utcDay(v.dischargeDate),
          deliveryMode: v.deliveryMode,
          place: v.place ?? '',
        });
      else await matApi.state(detail.pregnancyId, { state: v.state, reason: v.reason ?? '', ...(v.date ? { date: utcDay(v.date) } : {}) });
      toast.success(t('saved'));
      onDone();
      onClose();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t(kind === 'delivery' ? 'delivery' : 'changeState')}
      onCancel={onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ deliveryMode: '1', state: choices[0] }}>
        {kind === 'delivery' ? (
          <>
            <Form.Item name="deliveryDate" label={t('deliveryDate')} rules={[{ required: true }]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="dischargeDate" label={t('dischargeDate')} rules={[{ required: true }]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="deliveryMode" label={t('deliveryMode')}>
              <Select options={['1', '2', '3'].map((k) => ({ value: k, label: t(`mode.${k}`) }))} />
            </Form.Item>
            <Form.Item name="place" label={t('place')}>
              <Input maxLength={100} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="state" label={t('stateTo')} rules={[{ required: true }]}>
              <Select options={choices.map((s) => ({ value: s, label: t(`state.${s}`) }))} />
            </Form.Item>
            {to === 'terminated' && (
              <Form.Item name="date" label={t('date')} rules={[{ required: true }]}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            )}
            <Form.Item
              name="reason"
              label={t('reason')}
              rules={[{ required: !!to && NEEDS_REASON.includes(to), message: t('reasonRequired') }]}
            >
              <Input.TextArea maxLength={500} rows={3} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
