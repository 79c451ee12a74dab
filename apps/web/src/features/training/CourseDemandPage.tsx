import { useState } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Statistic, Table, DatePicker } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { COURSE_CATEGORIES, DEMAND_STATUSES, type DemandRow } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { fmtTime } from './format.ts';
import { StatusTag, useTrainingMeta } from './shared.tsx';
import { NS } from './messages.ts';

/**
 * 课程需求 (course_demand): a unit's staff submit the topics they need
 * training on; the training centre sees every unit's demands with totals per
 * category and replies (adopted, optionally naming the course, or closed).
 */
export default function CourseDemandPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const meta = useTrainingMeta();
  const admin = !!meta.data?.rights.demandAdmin;
  const [q, setQ] = useState({ currentPage: 1, pageSize: 20, keyword: '', status: '', category: '', order: 'desc' });
  const data = useQuery({ queryKey: ['training', 'demands', q], queryFn: async () => (await trainingApi.demands(q)).data });
  const summary = useQuery({
    queryKey: ['training', 'demand-summary'],
    queryFn: async () => (await trainingApi.demandSummary()).data,
    enabled: admin,
  });
  const [adding, setAdding] = useState(false);
  const [replying, setReplying] = useState<DemandRow | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['training'] });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="course-demand-page">
      {admin && (
        <Card title={t('demandSummary')} size="small" loading={summary.isLoading}>
          <Row gutter={[16, 16]}>
            {(summary.data ?? []).map((s) => (
              <Col key={s.category} xs={12} md={6} lg={4}>
                <Statistic title={t(`cat.${s.category}`)} value={s.demands} suffix={t('demandsUnit')} />
                <div className="ant-statistic-title">{t('peopleUnits', { people: s.people, units: s.units })}</div>
              </Col>
            ))}
            {summary.data?.length === 0 && <Col span={24}>{t('noDemands')}</Col>}
          </Row>
        </Card>
      )}
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          {meta.data?.rights.demand && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="demand-new">
              {t('newDemand')}
            </Button>
          )}
          <Select
            style={{ width: 120 }}
            value={q.status}
            onChange={(v) => setQ({ ...q, status: v, currentPage: 1 })}
            options={[{ value: '', label: t('allStates') }, ...DEMAND_STATUSES.map((s) => ({ value: s, label: t(`demand.${s}`) }))]}
          />
          <Select
            style={{ width: 150 }}
            value={q.category}
            onChange={(v) => setQ({ ...q, category: v, currentPage: 1 })}
            options={[{ value: '', label: t('allCategories') }, ...COURSE_CATEGORIES.map((c) => ({ value: c, label: t(`cat.${c}`) }))]}
          />
          <Input.Search
            allowClear
            maxLength={50}
            placeholder={t('searchDemand')}
            style={{ width: 220 }}
            onSearch={(v) => setQ({ ...q, keyword: v.trim(), currentPage: 1 })}
          />
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t('refresh')}
          </Button>
        </Space>
        <Table<DemandRow>
          rowKey="id"
          size="middle"
          loading={data.isFetching}
          dataSource={data.data?.list ?? []}
          scroll={{ x: 1400 }}
          locale={{ emptyText: t('noDemands') }}
          onChange={(_, __, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            setQ({ ...q, order: s?.order === 'ascend' ? 'asc' : 'desc' });
          }}
          pagination={{
            current: q.currentPage,
            pageSize: q.pageSize,
            total: data.data?.pagination.total ?? 0,
            showTotal: (n) => t('total', { n }),
            onChange: (currentPage, pageSize) => setQ({ ...q, currentPage, pageSize }),
          }}
          columns={[
            { title: t('topic'), dataIndex: 'topic', width: 220, ellipsis: true },
            { title: t('category'), dataIndex: 'category', width: 120, render: (v: string) => t(`cat.${v}`) },
            { title: t('unit'), dataIndex: 'orgName', width: 160, ellipsis: true },
            { title: t('proposer'), dataIndex: 'userName', width: 90 },
            { title: t('headcount'), dataIndex: 'headcount', width: 80 },
            { title: t('expectedMonth'), dataIndex: 'expectedMonth', width: 100, render: (v: string | null) => v ?? '—' },
            { title: t('createdAt'), dataIndex: 'createdAt', width: 150, sorter: true, render: fmtTime },
            { title: t('state'), dataIndex: 'status', width: 90, render: (v: string) => <StatusTag status={v} group="demand" /> },
            { title: t('reply'), dataIndex: 'reply', width: 200, ellipsis: true, render: (v: string | null) => v ?? '—' },
            {
              title: t('operation'),
              key: 'op',
              width: 120,
              fixed: 'right',
              render: (_: unknown, r) =>
                r.status !== 'open' ? null : admin ? (
                  <Button size="small" type="link" onClick={() => setReplying(r)}>
                    {t('replyDemand')}
                  </Button>
                ) : r.userId === meta.data?.userId ? (
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() =>
                      Modal.confirm({
                        title: t('confirmWithdrawDemand', { title: r.topic }),
                        okButtonProps: { danger: true },
                        onOk: async () => {
                          await trainingApi.removeDemand(r.id);
                          refresh();
                        },
                      })
                    }
                  >
                    {t('withdraw')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      {adding && <DemandForm onClose={() => setAdding(false)} onDone={() => (setAdding(false), refresh())} />}
      {replying && <ReplyForm demand={replying} onClose={() => setReplying(null)} onDone={() => (setReplying(null), refresh())} />}
    </Space>
  );
}

function DemandForm({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ topic: string; category: string; headcount: number; content?: string; month?: Dayjs | null }>();
  const save = async () => {
    const v = await form.validateFields();
    await trainingApi.createDemand({
      topic: v.topic.trim(),
      category: v.category as never,
      headcount: v.headcount,
      content: v.content?.trim() ?? '',
      expectedMonth: v.month ? v.month.format('YYYY-MM') : null,
    });
    onDone();
  };
  return (
    <Modal open title={t('newDemand')} onOk={() => void save()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ headcount: 5 }}>
        <Form.Item name="topic" label={t('topic')} rules={[{ required: true, whitespace: true, min: 2, max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="category" label={t('category')} rules={[{ required: true }]}>
          <Select options={COURSE_CATEGORIES.map((c) => ({ value: c, label: t(`cat.${c}`) }))} />
        </Form.Item>
        <Form.Item name="headcount" label={t('headcount')} rules={[{ required: true }]}>
          <InputNumber min={1} max={10000} />
        </Form.Item>
        <Form.Item name="month" label={t('expectedMonth')}>
          <DatePicker picker="month" />
        </Form.Item>
        <Form.Item name="content" label={t('demandContent')}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ReplyForm({ demand, onClose, onDone }: { demand: DemandRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const options = useQuery({ queryKey: ['training', 'course-options'], queryFn: async () => (await trainingApi.courseOptions()).data });
  const [form] = Form.useForm<{ status: 'adopted' | 'closed'; reply?: string; courseId?: string }>();
  const save = async () => {
    const v = await form.validateFields();
    await trainingApi.replyDemand(demand.id, { status: v.status, reply: v.reply?.trim() ?? '', courseId: v.courseId ?? null });
    onDone();
  };
  return (
    <Modal open title={t('replyTitle', { title: demand.topic })} onOk={() => void save()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ status: 'adopted' }}>
        <Form.Item name="status" label={t('state')} rules={[{ required: true }]}>
          <Select options={(['adopted', 'closed'] as const).map((s) => ({ value: s, label: t(`demand.${s}`) }))} />
        </Form.Item>
        <Form.Item name="courseId" label={t('answeringCourse')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            loading={options.isLoading}
            options={(options.data ?? []).map((c) => ({ value: c.id, label: `${c.courseNo} ${c.title}` }))}
          />
        </Form.Item>
        <Form.Item name="reply" label={t('reply')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
