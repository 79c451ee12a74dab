import { useState } from 'react';
import { Avatar, Button, Card, Empty, Form, Input, List, Modal, Rate, Select, Space, Tag, Typography } from 'antd';
import { ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CommentRow } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { fmtTime } from './format.ts';
import { useTrainingMeta } from './shared.tsx';
import { NS } from './messages.ts';

/**
 * 课程评论 (course_comment): ratings and comments per course, newest or best
 * first; write one; the training centre hides (with a reason) and shows again.
 */
export default function CourseCommentPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const meta = useTrainingMeta();
  const moderate = !!meta.data?.rights.moderate;
  const options = useQuery({ queryKey: ['training', 'course-options'], queryFn: async () => (await trainingApi.courseOptions()).data });
  const [q, setQ] = useState({ currentPage: 1, pageSize: 10, keyword: '', courseId: '', hidden: '', sort: 'createdAt', order: 'desc' });
  const data = useQuery({ queryKey: ['training', 'comments', q], queryFn: async () => (await trainingApi.comments(q)).data });
  const [writing, setWriting] = useState(false);
  const [hiding, setHiding] = useState<CommentRow | null>(null);
  const [reason, setReason] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey: ['training'] });
  const courses = (options.data ?? []).filter((c) => c.status === 'published' || c.status === 'closed');
  return (
    <Card data-testid="course-comment-page">
      <Space wrap style={{ marginBottom: 12 }}>
        {meta.data?.rights.comment && (
          <Button type="primary" onClick={() => setWriting(true)} data-testid="comment-new">
            {t('writeComment')}
          </Button>
        )}
        <Select
          style={{ width: 260 }}
          value={q.courseId}
          showSearch
          optionFilterProp="label"
          onChange={(v) => setQ({ ...q, courseId: v, currentPage: 1 })}
          options={[{ value: '', label: t('allCourses') }, ...courses.map((c) => ({ value: c.id, label: c.title }))]}
        />
        {moderate && (
          <Select
            style={{ width: 120 }}
            value={q.hidden}
            onChange={(v) => setQ({ ...q, hidden: v, currentPage: 1 })}
            options={[
              { value: '', label: t('allComments') },
              { value: '0', label: t('visible') },
              { value: '1', label: t('hidden') },
            ]}
          />
        )}
        <Select
          style={{ width: 140 }}
          value={`${q.sort}:${q.order}`}
          onChange={(v) => {
            const [sort, order] = v.split(':');
            setQ({ ...q, sort: sort!, order: order!, currentPage: 1 });
          }}
          options={[
            { value: 'createdAt:desc', label: t('sortNewest') },
            { value: 'rating:desc', label: t('sortBest') },
            { value: 'rating:asc', label: t('sortWorst') },
          ]}
        />
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={t('searchComment')}
          style={{ width: 220 }}
          onSearch={(v) => setQ({ ...q, keyword: v.trim(), currentPage: 1 })}
        />
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {t('refresh')}
        </Button>
      </Space>
      <List<CommentRow>
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('noComments')} /> }}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setQ({ ...q, currentPage, pageSize }),
        }}
        renderItem={(r) => (
          <List.Item
            data-testid={`comment-${r.id}`}
            actions={[
              moderate &&
                (r.hidden ? (
                  <Button key="show" size="small" onClick={() => void trainingApi.hideComment(r.id, false).then(refresh)}>
                    {t('show')}
                  </Button>
                ) : (
                  <Button key="hide" size="small" danger onClick={() => (setHiding(r), setReason(''))}>
                    {t('hide')}
                  </Button>
                )),
              (r.mine || moderate) && (
                <Button
                  key="rm"
                  size="small"
                  type="link"
                  danger
                  onClick={() =>
                    Modal.confirm({
                      title: t('confirmRemoveComment'),
                      okButtonProps: { danger: true },
                      onOk: async () => {
                        await trainingApi.removeComment(r.id);
                        refresh();
                      },
                    })
                  }
                >
                  {t('remove')}
                </Button>
              ),
            ].filter(Boolean)}
          >
            <List.Item.Meta
              avatar={<Avatar icon={<UserOutlined />} />}
              title={
                <Space wrap>
                  <span>{r.userName}</span>
                  <Rate disabled value={r.rating} style={{ fontSize: 14 }} />
                  <Typography.Text type="secondary">{r.courseTitle}</Typography.Text>
                  {r.hidden && <Tag color="red">{t('hiddenBecause', { reason: r.hiddenReason ?? '—' })}</Tag>}
                </Space>
              }
              description={
                <>
                  <Typography.Paragraph style={{ margin: '4px 0', whiteSpace: 'pre-wrap', opacity: r.hidden ? 0.5 : 1 }}>
                    {r.content}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {fmtTime(r.createdAt)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
      {writing && <CommentForm courses={courses} onClose={() => setWriting(false)} onDone={() => (setWriting(false), refresh())} />}
      <Modal
        open={!!hiding}
        title={t('hideTitle')}
        okButtonProps={{ danger: true }}
        onCancel={() => setHiding(null)}
        onOk={async () => {
          await trainingApi.hideComment(hiding!.id, true, reason.trim());
          setHiding(null);
          refresh();
        }}
        destroyOnHidden
      >
        <Input.TextArea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('hideReason')} />
      </Modal>
    </Card>
  );
}

function CommentForm({ courses, onClose, onDone }: { courses: { id: string; title: string }[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ courseId: string; rating: number; content: string }>();
  const save = async () => {
    const v = await form.validateFields();
    await trainingApi.comment(v.courseId, v.rating, v.content.trim());
    onDone();
  };
  return (
    <Modal open title={t('writeComment')} onOk={() => void save()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ rating: 5 }}>
        <Form.Item name="courseId" label={t('course')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={courses.map((c) => ({ value: c.id, label: c.title }))} />
        </Form.Item>
        <Form.Item name="rating" label={t('rating')} rules={[{ required: true }]}>
          <Rate />
        </Form.Item>
        <Form.Item name="content" label={t('comment')} rules={[{ required: true, whitespace: true, max: 2000 }]}>
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
