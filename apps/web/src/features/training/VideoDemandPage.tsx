import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Input, List, Pagination, Progress, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleTwoTone, PlayCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COURSE_CATEGORIES, type CourseRow, type MaterialRow } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { ApplyModal } from './ApplyModal.tsx';
import { fmtSeconds } from './format.ts';
import { StatusTag, useTrainingMeta } from './shared.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';
import { NS } from './messages.ts';
import './training.css';

const HUES: Record<string, number> = {
  clinical: 0,
  publicHealth: 160,
  chronic: 205,
  maternalChild: 330,
  tcm: 30,
  nursing: 260,
  management: 100,
};

/**
 * 视频点播 (video_demand): the published courses with the viewer's progress;
 * a course opens its videos — played where the viewer stopped, progress saved
 * as they watch; not yet admitted → apply from here.
 */
export default function VideoDemandPage() {
  const { t } = useTranslation(NS);
  const [q, setQ] = useState({
    box: 'catalogue',
    currentPage: 1,
    pageSize: 12,
    keyword: '',
    category: '',
    sort: 'createdAt',
    order: 'desc',
  });
  const data = useQuery({ queryKey: ['training', 'courses', q], queryFn: async () => (await trainingApi.courses(q)).data });
  const [open, setOpen] = useState<string | null>(null);
  if (open) return <CourseVideos id={open} onBack={() => setOpen(null)} />;
  return (
    <Card data-testid="video-demand-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 150 }}
          value={q.category}
          onChange={(v) => setQ({ ...q, category: v, currentPage: 1 })}
          options={[{ value: '', label: t('allCategories') }, ...COURSE_CATEGORIES.map((c) => ({ value: c, label: t(`cat.${c}`) }))]}
        />
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={t('searchCourse')}
          style={{ width: 240 }}
          onSearch={(v) => setQ({ ...q, keyword: v.trim(), currentPage: 1 })}
        />
      </Space>
      {data.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : !data.data?.list.length ? (
        <Empty description={t('noCourses')} />
      ) : (
        <>
          <Row gutter={[16, 16]} className="training-course-cards">
            {data.data.list.map((c) => (
              <Col key={c.id} xs={24} sm={12} lg={8} xl={6}>
                <CourseCard course={c} onOpen={() => setOpen(c.id)} />
              </Col>
            ))}
          </Row>
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={q.currentPage}
            pageSize={q.pageSize}
            total={data.data.pagination.total}
            showTotal={(n) => t('total', { n })}
            onChange={(currentPage, pageSize) => setQ({ ...q, currentPage, pageSize })}
          />
        </>
      )}
    </Card>
  );
}

function CourseCard({ course: c, onOpen }: { course: CourseRow; onOpen: () => void }) {
  const { t } = useTranslation(NS);
  const hue = HUES[c.category] ?? 200;
  return (
    <Card
      hoverable
      onClick={onOpen}
      data-testid={`video-course-${c.courseNo}`}
      cover={
        <div style={{ background: `linear-gradient(135deg, hsl(${hue} 50% 45%), hsl(${hue} 55% 30%))` }}>
          <PlayCircleOutlined />
        </div>
      }
    >
      <Card.Meta
        title={c.title}
        description={
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Space size={4} wrap>
              <Tag>{t(`cat.${c.category}`)}</Tag>
              <Typography.Text type="secondary">{c.teacherName}</Typography.Text>
            </Space>
            {c.myApply === 'approved' ? (
              <Progress percent={c.myProgress} size="small" />
            ) : c.myApply ? (
              <StatusTag status={c.myApply} group="apply" />
            ) : (
              <Typography.Text type="secondary">{t('notApplied')}</Typography.Text>
            )}
          </Space>
        }
      />
    </Card>
  );
}

function CourseVideos({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const meta = useTrainingMeta();
  const q = useQuery({ queryKey: ['training', 'course', id], queryFn: async () => (await trainingApi.course(id)).data });
  const [playing, setPlaying] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const c = q.data;
  if (!c) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const videos = c.materialList.filter((m) => m.kind === 'video');
  const current = videos.find((m) => m.id === playing) ?? (c.enrolled ? (videos.find((m) => !m.completed) ?? videos[0]) : undefined);
  return (
    <Card
      data-testid="video-course"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('back')} />
          {c.title}
        </Space>
      }
      extra={c.enrolled && <Progress type="circle" percent={c.myProgress} size={40} data-testid="course-progress" />}
    >
      {!c.enrolled ? (
        <Alert
          type="info"
          showIcon
          message={c.myApply === 'pending' ? t('applyWaiting') : t('applyFirst')}
          action={
            meta.data?.rights.apply &&
            c.myApply !== 'pending' && (
              <Button type="primary" onClick={() => setApplying(true)}>
                {t('applyAttend')}
              </Button>
            )
          }
        />
      ) : (
        <div className="training-live-room">
          <div>
            {current ? (
              <VideoPlayer key={current.id} materialId={current.id} title={current.title} />
            ) : (
              <Empty description={t('noVideos')} />
            )}
          </div>
          <List<MaterialRow>
            size="small"
            bordered
            header={t('videoList')}
            dataSource={videos}
            locale={{ emptyText: t('noVideos') }}
            renderItem={(m) => (
              <List.Item
                onClick={() => setPlaying(m.id)}
                style={{ cursor: 'pointer', background: m.id === current?.id ? 'rgba(22,119,255,0.08)' : undefined }}
                data-testid={`video-item-${m.id}`}
              >
                <Space>
                  {m.completed ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <PlayCircleOutlined />}
                  <span>{m.title}</span>
                  <Typography.Text type="secondary">{fmtSeconds(m.durationS)}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, whiteSpace: 'pre-wrap' }}>
        {c.intro}
      </Typography.Paragraph>
      {applying && (
        <ApplyModal
          course={c}
          onClose={() => setApplying(false)}
          onDone={() => {
            setApplying(false);
            void client.invalidateQueries({ queryKey: ['training'] });
          }}
        />
      )}
    </Card>
  );
}
