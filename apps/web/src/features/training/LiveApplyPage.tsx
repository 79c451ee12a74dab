import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Select, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { trainingApi } from './api.ts';
import { LiveTable } from './LiveTable.tsx';
import { useTrainingMeta } from './shared.tsx';
import { NS } from './messages.ts';

/** 直播申请 (live_apply): apply for a broadcast (approved through the workflow engine); my applications; those waiting for me. */
export default function LiveApplyPage() {
  const { t } = useTranslation(NS);
  const meta = useTrainingMeta();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const centre = !!(meta.data?.rights.manage || meta.data?.rights.review);
  const newButton = meta.data?.rights.liveApply && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="live-new">
      {t('newLive')}
    </Button>
  );
  return (
    <div data-testid="live-apply-page">
      <Tabs
        key={meta.data ? 'ready' : 'loading'}
        tabBarStyle={{ paddingInline: 16, marginBottom: 12, background: 'var(--ant-color-bg-container, #fff)' }}
        defaultActiveKey={centre ? 'todo' : 'mine'}
        items={[
          ...(centre ? [{ key: 'todo', label: t('tabTodo'), children: <LiveTable box="todo" testId="lives-todo" /> }] : []),
          {
            key: 'mine',
            label: t('tabMineLive'),
            children: (
              <LiveTable
                box="mine"
                testId="lives-mine"
                toolbar={newButton}
                statuses={['pending', 'approved', 'rejected', 'live', 'ended']}
              />
            ),
          },
        ]}
      />
      {adding && (
        <LiveForm
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            void client.invalidateQueries({ queryKey: ['training'] });
          }}
        />
      )}
    </div>
  );
}

function LiveForm({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const options = useQuery({ queryKey: ['training', 'course-options'], queryFn: async () => (await trainingApi.courseOptions()).data });
  const [form] = Form.useForm<{ title: string; speaker: string; courseId?: string; range: [Dayjs, Dayjs]; intro?: string }>();
  const save = async () => {
    const v = await form.validateFields();
    await trainingApi.applyLive({
      title: v.title.trim(),
      speaker: v.speaker.trim(),
      courseId: v.courseId ?? null,
      intro: v.intro?.trim() ?? '',
      startsAt: v.range[0].valueOf(),
      endsAt: v.range[1].valueOf(),
    });
    onDone();
  };
  return (
    <Modal open title={t('newLive')} onOk={() => void save()} onCancel={onClose} width={600} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="title" label={t('liveTitle')} rules={[{ required: true, whitespace: true, min: 2, max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="speaker" label={t('speaker')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('liveTime')}
          rules={[
            { required: true },
            {
              validator: (_, v?: [Dayjs, Dayjs]) =>
                !v || v[1].isAfter(v[0]) ? Promise.resolve() : Promise.reject(new Error(t('badRange'))),
            },
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="courseId" label={t('linkedCourse')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={(options.data ?? []).map((c) => ({ value: c.id, label: `${c.courseNo} ${c.title}` }))}
          />
        </Form.Item>
        <Form.Item name="intro" label={t('intro')}>
          <Input.TextArea rows={3} maxLength={5000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
