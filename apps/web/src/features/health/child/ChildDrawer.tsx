import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, Modal, Space, Spin, Table, Tabs, Tag } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { MaskedText } from '../shared/MaskedText.tsx';
import { childApi, type ChildPlan, type ChildRow } from './api.ts';
import { BAND_COLOR } from './CheckDialog.tsx';
import { fmtDate, weakText } from './format.ts';
import { NS } from './messages.ts';

const STATE_COLOR: Record<string, string> = { due: 'blue', overdue: 'red', done: 'green', upcoming: 'default', lost: 'default' };

/** One child's record: birth facts and mother, the schedule with 应查 / 已查 / 逾期 / 失访, visits, changes; reveal (audited) and 失访. */
export function ChildDrawer({ row, onClose }: { row: ChildRow; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const id = row.childId!;
  const detail = useQuery({ queryKey: ['healthChild', 'detail', id], queryFn: async () => (await childApi.detail(id)).data });
  const [names, setNames] = useState<{ child: string; idNumber: string; mother: string | null } | null>(null);
  const [reveal, setReveal] = useState(false);
  const [lostOpen, setLostOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const d = detail.data;
  const band = (b: string | null) => (b ? <Tag color={BAND_COLOR[b]}>{t(`band.${b}`)}</Tag> : '');

  const doReveal = async () => {
    const { reason } = await form.validateFields();
    const r = await childApi.reveal(id, reason.trim());
    setNames({ child: r.data.child?.fullName ?? '', idNumber: r.data.child?.idNumber ?? '', mother: r.data.mother?.fullName ?? null });
    toast.success(t('revealed'));
    setReveal(false);
    form.resetFields();
  };
  const doLost = async () => {
    const lost = !d!.lost;
    const { reason } = lost ? await form.validateFields() : { reason: '' };
    await childApi.update(id, lost ? { lost, lostReason: reason.trim() } : { lost });
    toast.success(t('saved'));
    setLostOpen(false);
    form.resetFields();
    void qc.invalidateQueries({ queryKey: ['healthChild'] });
  };

  return (
    <Drawer open width={820} onClose={onClose} title={t('detail')} destroyOnHidden data-testid="child-drawer">
      {!d ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('name')}>{names ? names.child : <MaskedText value={row.fullName} />}</Descriptions.Item>
            <Descriptions.Item label={t('idNumber')} span={2}>
              {names ? names.idNumber : <MaskedText value={row.idNumber} />}
            </Descriptions.Item>
            <Descriptions.Item label={t('birthDate')}>{fmtDate(d.birthDate)}</Descriptions.Item>
            <Descriptions.Item label={t('mother')}>
              {names ? (names.mother ?? '—') : row.motherName ? <MaskedText value={row.motherName} /> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('dischargeDate')}>{fmtDate(d.dischargeDate) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('birthWeightG')}>{d.birthWeightG ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('birthLengthCm')}>{d.birthLengthCm ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('gestationalWeeks')}>{d.gestationalWeeks ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('weak')} span={3}>
              {d.weak ? <Tag color="orange">{weakText(t, d.weakReason)}</Tag> : '—'}
              {d.referral ? <Tag color="red">{t('referral')}</Tag> : null}
              {d.lost ? <Tag>{`${t('lost')}${d.lostReason ? `：${d.lostReason}` : ''}`}</Tag> : null}
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ margin: '12px 0' }}>
            <Button icon={<EyeOutlined />} onClick={() => setReveal(true)} data-testid="child-reveal">
              {t('reveal')}
            </Button>
            <Button onClick={() => (d.lost ? void doLost() : setLostOpen(true))}>{d.lost ? t('unmarkLost') : t('markLost')}</Button>
          </Space>
          <Tabs
            items={[
              {
                key: 'schedule',
                label: t('schedule'),
                children: (
                  <Table<ChildPlan>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={d.plans}
                    data-testid="child-schedule"
                    columns={[
                      { title: t('check'), key: 'code', render: (_, p) => t(`code.${p.code}`) },
                      { title: t('window'), key: 'w', render: (_, p) => `${fmtDate(p.windowStart)} ~ ${fmtDate(p.windowEnd)}` },
                      { title: t('state'), key: 's', render: (_, p) => <Tag color={STATE_COLOR[p.state]}>{t(`state.${p.state}`)}</Tag> },
                      { title: t('visitDate'), key: 'v', render: (_, p) => fmtDate(p.visitedAt) },
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
                    locale={{ emptyText: t('noData') }}
                    columns={[
                      { title: t('visitDate'), key: 'd', render: (_, v) => fmtDate(v.visitDate) },
                      { title: t('form'), key: 'f', render: (_, v) => (v.stage ? t(`code.${v.stage}`) : t(`form.${v.form}`)) },
                      {
                        title: t('weight'),
                        key: 'w',
                        render: (_, v) => (
                          <>
                            {v.weightKg ?? ''} {band(v.weightBand)}
                          </>
                        ),
                      },
                      {
                        title: t('length'),
                        key: 'l',
                        render: (_, v) => (
                          <>
                            {v.lengthCm ?? ''} {band(v.lengthBand)}
                          </>
                        ),
                      },
                      { title: t('hb'), key: 'h', render: (_, v) => v.haemoglobin ?? '' },
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
                      { title: t('visitDate'), key: 'at', render: (_, h) => fmtDate(h.at) },
                      {
                        title: '',
                        dataIndex: 'field',
                        key: 'f',
                        render: (f: string) => t(f === 'weak' ? 'weak' : f === 'lost' ? 'lost' : 'org'),
                      },
                      { title: '→', key: 'c', render: (_, h) => `${h.oldValue ?? '—'} → ${h.newValue ?? '—'}` },
                      { title: t('weakReason'), key: 'r', render: (_, h) => weakText(t, h.reason) },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
      <Modal
        open={reveal}
        title={t('reveal')}
        onCancel={() => setReveal(false)}
        onOk={() => void doReveal()}
        okText={t('ok')}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={t('revealReason')} rules={[{ required: true, min: 2, message: t('reasonRequired') }]}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={lostOpen}
        title={t('markLost')}
        onCancel={() => setLostOpen(false)}
        onOk={() => void doLost()}
        okText={t('ok')}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={t('lostReason')} rules={[{ required: true, message: t('reasonRequired') }]}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
