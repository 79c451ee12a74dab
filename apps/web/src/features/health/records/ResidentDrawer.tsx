import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, Modal, Select, Space, Spin, Table, Tabs, Tag, Timeline } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { MaskedText } from '../shared/MaskedText.tsx';
import { RevealButton } from '../shared/RevealButton.tsx';
import { healthApi, type Revealed } from '../shared/healthApi.ts';
import { day, time } from './format.ts';
import { ResidentFormModal } from './ResidentFormModal.tsx';
import { NS } from './messages.ts';

type Action = 'activate' | 'cancel' | 'restore' | 'audit' | 'cancelAudit' | 'returnAudit';

/** The resident page: masked summary (reveal with reason), warnings, state and audit actions, one timeline, state history. */
export function ResidentDrawer({
  id,
  onClose,
  revealed,
  onRevealed,
}: {
  id: string;
  onClose: () => void;
  revealed?: Revealed;
  onRevealed: (v: Revealed) => void;
}) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ reason?: string; cancelReason?: string }>();
  const rights = useQuery({ queryKey: ['health', 'rights'], queryFn: async () => (await healthApi.rights()).data });
  const detail = useQuery({ queryKey: ['health', 'resident', id], queryFn: async () => (await healthApi.resident(id)).data, gcTime: 0 });
  const timeline = useQuery({ queryKey: ['health', 'timeline', id], queryFn: async () => (await healthApi.timeline(id, 1, 50)).data });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['health'] });
  };
  const run = useMutation({
    mutationFn: async (v: { reason?: string; cancelReason?: string }) => healthApi.action(id, action!, v),
    onSuccess: () => {
      toast.success(t('done'));
      setAction(null);
      form.resetFields();
      refresh();
    },
  });
  const r = detail.data?.resident;
  const s = r?.archiveState ?? 0;
  const lvl = r?.auditLevel ?? 0;
  const can: Record<Action, boolean> = {
    activate: !!rights.data?.edit && s === 0,
    cancel: !!rights.data?.edit && s === 1,
    restore: !!rights.data?.audit && s === 2,
    audit: !!rights.data?.audit && s === 1 && lvl < 3,
    cancelAudit: !!rights.data?.audit && s === 1 && lvl > 0,
    returnAudit: !!rights.data?.audit && s === 1 && lvl > 0,
  };
  const needsReason = action === 'cancelAudit' || action === 'returnAudit' || action === 'restore';
  return (
    <Drawer open width={760} onClose={onClose} title={t('summary')} destroyOnHidden data-testid="resident-drawer">
      {!r ? (
        <Spin />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            {rights.data?.reveal && !revealed && <RevealButton residentId={id} onRevealed={onRevealed} type="default" size="middle" />}
            {rights.data?.edit && s !== 2 && <Button onClick={() => setEditing(true)}>{t('edit')}</Button>}
            {(Object.keys(can) as Action[])
              .filter((a) => can[a])
              .map((a) => (
                <Button
                  key={a}
                  danger={a === 'cancel' || a === 'returnAudit'}
                  type={a === 'audit' || a === 'activate' ? 'primary' : 'default'}
                  onClick={() => setAction(a)}
                  data-testid={`act-${a}`}
                >
                  {t(`act.${a}`)}
                </Button>
              ))}
            <Button
              onClick={async () => {
                await healthApi.print(id);
                window.print();
              }}
            >
              {t('print')}
            </Button>
          </Space>
          {detail.data!.suspectedDuplicates > 0 && (
            <Alert type="warning" showIcon title={t('dupWarn', { n: detail.data!.suspectedDuplicates })} style={{ marginBottom: 8 }} />
          )}
          {detail.data!.phoneIrregular && <Alert type="warning" showIcon title={t('phoneWarn')} style={{ marginBottom: 8 }} />}
          {detail.data!.openTransfer && <Alert type="info" showIcon title={t('openTransfer')} style={{ marginBottom: 8 }} />}
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('fullName')}>
              <MaskedText value={r.fullName} revealed={revealed?.fullName} />
            </Descriptions.Item>
            <Descriptions.Item label={t('idNumber')}>
              <MaskedText value={r.idNumber} revealed={revealed?.idNumber} testId="drawer-id-number" />
            </Descriptions.Item>
            <Descriptions.Item label={t('sex')}>{r.sex ? t(`sex.${r.sex}`) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('birthDate')}>{`${day(r.birthDate)} (${r.age ?? '—'})`}</Descriptions.Item>
            <Descriptions.Item label={t('phone')}>
              <MaskedText value={r.phone} revealed={revealed?.phone} />
            </Descriptions.Item>
            <Descriptions.Item label={t('address')}>{String(r.address ?? '—')}</Descriptions.Item>
            <Descriptions.Item label={t('unit')}>{r.manageOrgName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('doctor')}>{r.doctorName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('state')}>
              <Tag>{t(`state.${s}`)}</Tag>
              {r.cancelReason && t(`cancel.${r.cancelReason}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('auditLevel')}>{t(`level.${lvl}`)}</Descriptions.Item>
            <Descriptions.Item label={t('completeness')}>{`${r.completeness}%`}</Descriptions.Item>
            <Descriptions.Item label={t('lastActivity')}>{time(r.lastActivityAt)}</Descriptions.Item>
            {detail.data!.family && (
              <Descriptions.Item label={t('family')} span={2}>
                {detail.data!.family.familyName} ·{' '}
                {detail
                  .data!.family.members.map((m) => `${m.fullName}${m.relationToHead ? `（${t(`rel.${m.relationToHead}`)}）` : ''}`)
                  .join('、')}
              </Descriptions.Item>
            )}
            {detail.data!.missing.length > 0 && (
              <Descriptions.Item label={t('missing')} span={2}>
                {detail.data!.missing.map((m) => (
                  <Tag key={m}>{t(`field.${m}`, { defaultValue: m })}</Tag>
                ))}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Tabs
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'timeline',
                label: t('timeline'),
                children: timeline.data?.list.length ? (
                  <Timeline
                    data-testid="resident-timeline"
                    items={timeline.data.list.map((e) => ({
                      children: `${time(e.at)}  ${t(`tl.${e.title}`, { defaultValue: e.title })}`,
                      color: e.kind === 'archive' ? 'blue' : 'green',
                    }))}
                  />
                ) : (
                  <Empty description={t('empty')} />
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
                    dataSource={detail.data!.history}
                    columns={[
                      { title: t('at'), dataIndex: 'at', render: (v: number) => time(v) },
                      {
                        title: t('action'),
                        dataIndex: 'field',
                        render: (v: string) =>
                          v === 'archiveState'
                            ? t('state')
                            : v === 'auditLevel'
                              ? t('auditLevel')
                              : v === 'manageOrgId'
                                ? t('unit')
                                : v === 'doctorId'
                                  ? t('doctor')
                                  : v,
                      },
                      { title: '→', key: 'change', render: (_: unknown, h) => `${h.oldValue ?? '—'} → ${h.newValue ?? '—'}` },
                      { title: t('reason'), dataIndex: 'reason' },
                      { title: t('user'), dataIndex: 'userName' },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
      <Modal
        open={!!action}
        title={action ? t(`act.${action}`) : ''}
        okText={t('ok')}
        cancelText={t('cancel')}
        confirmLoading={run.isPending}
        onCancel={() => setAction(null)}
        onOk={async () => run.mutate(await form.validateFields())}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {action === 'cancel' && (
            <Form.Item name="cancelReason" label={t('cancelReason')} rules={[{ required: true, message: t('reasonRequired') }]}>
              <Select options={['1', '2', '3', '4', '9'].map((c) => ({ value: c, label: t(`cancel.${c}`) }))} />
            </Form.Item>
          )}
          <Form.Item
            name="reason"
            label={t('reason')}
            rules={needsReason ? [{ required: true, whitespace: true, message: t('reasonRequired') }] : []}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
      {editing && (
        <ResidentFormModal
          id={id}
          onClose={(saved) => {
            setEditing(false);
            if (saved) refresh();
          }}
        />
      )}
    </Drawer>
  );
}
