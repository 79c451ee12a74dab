import { useState } from 'react';
import {
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Rate,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.ts';
import { FileList } from '../../components/upload/index.ts';
import { consultApi, type ConferenceDetail } from './api.ts';
import { ConferenceForm } from './ConferenceForm.tsx';
import { time } from './format.ts';
import { NS } from './messages.ts';

export const CONFERENCE_COLORS: Record<string, string> = {
  pending: 'orange',
  refused: 'red',
  approved: 'blue',
  finished: 'green',
  cancelled: 'default',
};

export function ConferenceStateTag({ state }: { state: string }) {
  const { t } = useTranslation(NS);
  return <Tag color={CONFERENCE_COLORS[state] ?? 'default'}>{t(`cstate.${state}`)}</Tag>;
}

/**
 * One conference: details and agenda, the attendance list (who signed in
 * when), minutes, follow-up items with owner and done state, the ratings, its
 * history; sign-in and rating for a participant, approval and management for
 * its applicant and the approvers.
 */
export function ConferenceDrawer({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const detail = useQuery({ queryKey: ['consult', 'conference', id], queryFn: async () => (await consultApi.conference(id)).data });
  const [editing, setEditing] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [rating, setRating] = useState(false);
  const [minutes, setMinutes] = useState<string | null>(null);
  const [itemForm] = Form.useForm();
  const [refuseForm] = Form.useForm();
  const [rateForm] = Form.useForm();
  const options = useQuery({ queryKey: ['consult', 'options'], queryFn: async () => (await consultApi.options()).data });
  const d = detail.data;
  const changed = () => {
    void detail.refetch();
    onChanged();
  };
  const act = async (action: string, reason?: string) => {
    await consultApi.conferenceAction(id, action, reason);
    toast.success(t('done'));
    changed();
  };
  const now = Date.now();
  const canSign = !!d && d.invited && d.state === 'approved' && !d.mySignedAt && now >= d.startAt - 30 * 60_000 && now <= d.endAt;
  const canRate = !!d && !!d.mySignedAt && !d.myRatedAt && now >= d.startAt && ['approved', 'finished'].includes(d.state);
  return (
    <Drawer open width={820} onClose={onClose} title={d?.title ?? t('conference')} destroyOnHidden data-testid="conference-drawer">
      {!d ? (
        <Spin />
      ) : (
        <>
          <Space style={{ marginBottom: 12 }} wrap>
            <ConferenceStateTag state={d.state} />
            {canSign && (
              <Button
                type="primary"
                onClick={async () => (await consultApi.signIn(id), toast.success(t('signedIn')), changed())}
                data-testid="conference-signin"
              >
                {t('signIn')}
              </Button>
            )}
            {d.mySignedAt && (
              <Tag color="green" data-testid="conference-signed">
                {t('signedAt', { at: time(d.mySignedAt) })}
              </Tag>
            )}
            {canRate && <Button onClick={() => setRating(true)}>{t('rateMeeting')}</Button>}
            {d.actions.includes('approve') && (
              <Button type="primary" onClick={() => void act('approve')} data-testid="conference-approve">
                {t('cdo.approve')}
              </Button>
            )}
            {d.actions.includes('refuse') && (
              <Button danger onClick={() => setRefusing(true)}>
                {t('cdo.refuse')}
              </Button>
            )}
            {d.canManage && ['pending', 'approved'].includes(d.state) && <Button onClick={() => setEditing(true)}>{t('edit')}</Button>}
            {d.actions.includes('finish') && <Button onClick={() => void act('finish')}>{t('cdo.finish')}</Button>}
            {d.actions.includes('cancel') && (
              <Button danger onClick={() => Modal.confirm({ title: t('confirmCancel'), onOk: () => act('cancel') })}>
                {t('cdo.cancel')}
              </Button>
            )}
          </Space>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('conferenceTime')} span={2}>
              {time(d.startAt)} — {time(d.endAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('conferenceMode')}>{t(d.mode)}</Descriptions.Item>
            <Descriptions.Item label={d.mode === 'online' ? t('link') : t('place')}>
              {d.mode === 'online' ? (
                <a href={d.link} target="_blank" rel="noreferrer">
                  {d.link}
                </a>
              ) : (
                d.place
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('applicant')}>{d.applicantName}</Descriptions.Item>
            <Descriptions.Item label={t('attendanceRate')}>
              {d.signed} / {d.participants}
            </Descriptions.Item>
            <Descriptions.Item label={t('agenda')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.agenda || '—'}</Typography.Paragraph>
            </Descriptions.Item>
            {d.attachments.length > 0 && (
              <Descriptions.Item label={t('attachments')} span={2}>
                <FileList files={d.attachments} />
              </Descriptions.Item>
            )}
            {d.refuseReason && (
              <Descriptions.Item label={t('refuseReason')} span={2}>
                {d.refuseReason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Tabs
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'attendance',
                label: `${t('attendance')} (${d.signed}/${d.participants})`,
                children: (
                  <Table
                    rowKey="userId"
                    size="small"
                    data-testid="conference-attendance"
                    dataSource={d.attendance}
                    pagination={{ pageSize: 10 }}
                    columns={[
                      { title: t('participant'), dataIndex: 'realName', width: 110 },
                      { title: t('unit'), dataIndex: 'orgName' },
                      {
                        title: t('signIn'),
                        dataIndex: 'signedAt',
                        width: 160,
                        render: (v: number | null) => (v ? time(v) : <Typography.Text type="secondary">{t('notSigned')}</Typography.Text>),
                      },
                      {
                        title: t('score'),
                        dataIndex: 'score',
                        width: 150,
                        render: (v: number | null) => (v ? <Rate disabled value={v} /> : '—'),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'minutes',
                label: t('minutes'),
                children:
                  d.canManage && ['approved', 'finished'].includes(d.state) ? (
                    <>
                      <Input.TextArea
                        rows={8}
                        maxLength={20000}
                        value={minutes ?? d.minutes}
                        onChange={(e) => setMinutes(e.target.value)}
                      />
                      <Button
                        style={{ marginTop: 8 }}
                        type="primary"
                        disabled={minutes === null || !minutes.trim()}
                        onClick={async () => (
                          await consultApi.minutes(id, minutes!),
                          toast.success(t('saved')),
                          setMinutes(null),
                          changed()
                        )}
                      >
                        {t('save')}
                      </Button>
                    </>
                  ) : (
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{d.minutes || t('noMinutes')}</Typography.Paragraph>
                  ),
              },
              {
                key: 'items',
                label: `${t('items')} (${d.items.filter((i) => i.doneAt).length}/${d.items.length})`,
                children: (
                  <>
                    <Table
                      rowKey="id"
                      size="small"
                      pagination={false}
                      dataSource={d.items}
                      columns={[
                        {
                          title: t('done'),
                          dataIndex: 'doneAt',
                          width: 60,
                          render: (v: number | null, r) => (
                            <Checkbox
                              checked={!!v}
                              disabled={!d.canManage && r.ownerId !== options.data?.me.userId}
                              onChange={async (e) => (await consultApi.itemDone(r.id, e.target.checked), changed())}
                            />
                          ),
                        },
                        { title: t('itemContent'), dataIndex: 'content' },
                        { title: t('owner'), dataIndex: 'ownerName', width: 100 },
                        { title: t('dueAt'), dataIndex: 'dueAt', width: 150, render: time },
                      ]}
                    />
                    {d.canManage && ['approved', 'finished'].includes(d.state) && (
                      <Form
                        form={itemForm}
                        layout="inline"
                        style={{ marginTop: 12 }}
                        onFinish={async (v) => {
                          await consultApi.addItem(id, {
                            content: v.content,
                            ownerId: v.ownerId,
                            dueAt: v.dueAt ? v.dueAt.valueOf() : undefined,
                          });
                          itemForm.resetFields();
                          changed();
                        }}
                      >
                        <Form.Item name="content" rules={[{ required: true, whitespace: true, message: t('required') }]}>
                          <Input maxLength={500} placeholder={t('itemContent')} style={{ width: 260 }} />
                        </Form.Item>
                        <Form.Item name="ownerId" rules={[{ required: true, message: t('required') }]}>
                          <Select
                            showSearch
                            optionFilterProp="label"
                            placeholder={t('owner')}
                            style={{ width: 140 }}
                            options={d.attendance.map((a) => ({ value: a.userId, label: a.realName }))}
                          />
                        </Form.Item>
                        <Form.Item name="dueAt">
                          <DatePicker placeholder={t('dueAt')} />
                        </Form.Item>
                        <Button htmlType="submit">{t('addItem')}</Button>
                      </Form>
                    )}
                  </>
                ),
              },
              {
                key: 'rating',
                label: t('assessment'),
                children: (
                  <Space direction="vertical">
                    <span>
                      {t('averageScore')}：
                      {d.rating.average === null ? '—' : <Rate disabled allowHalf value={Math.round(d.rating.average * 2) / 2} />}{' '}
                      {d.rating.average?.toFixed(2)} （{t('ratingCount', { n: d.rating.count })}）
                    </span>
                    {d.attendance
                      .filter((a) => a.comment)
                      .map((a) => (
                        <Typography.Text key={a.userId}>
                          {a.realName}：{a.comment}
                        </Typography.Text>
                      ))}
                  </Space>
                ),
              },
              {
                key: 'history',
                label: t('history'),
                children: (
                  <Timeline
                    items={d.events.map((e) => ({
                      children: `${time(e.at)}  ${e.userName ?? ''} ${t(`cevent.${e.action}`)}${e.note ? `：${e.note}` : ''}`,
                    }))}
                  />
                ),
              },
            ]}
          />
          {editing && (
            <ConferenceForm
              row={d as ConferenceDetail}
              onClose={() => setEditing(false)}
              onDone={() => {
                setEditing(false);
                changed();
              }}
            />
          )}
          <Modal
            open={refusing}
            title={t('cdo.refuse')}
            onCancel={() => setRefusing(false)}
            onOk={async () => {
              const v = await refuseForm.validateFields();
              await act('refuse', v.reason);
              setRefusing(false);
            }}
            destroyOnHidden
          >
            <Form form={refuseForm} layout="vertical">
              <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
                <Input.TextArea rows={3} maxLength={500} />
              </Form.Item>
            </Form>
          </Modal>
          <Modal
            open={rating}
            title={t('rateMeeting')}
            onCancel={() => setRating(false)}
            onOk={async () => {
              const v = await rateForm.validateFields();
              await consultApi.rate(id, v.score, v.comment ?? '');
              toast.success(t('done'));
              setRating(false);
              changed();
            }}
            destroyOnHidden
          >
            <Form form={rateForm} layout="vertical" initialValues={{ score: 5 }}>
              <Form.Item name="score" label={t('score')} rules={[{ required: true }]}>
                <Rate />
              </Form.Item>
              <Form.Item name="comment" label={t('evalComment')}>
                <Input.TextArea rows={3} maxLength={500} />
              </Form.Item>
            </Form>
          </Modal>
        </>
      )}
    </Drawer>
  );
}
