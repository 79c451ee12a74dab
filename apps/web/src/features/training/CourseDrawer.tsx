import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileEntry, MaterialRow } from '@medalliance/contract';
import { ChunkUploader } from '../../components/upload/index.ts';
import { trainingApi } from './api.ts';
import { fmtDate, fmtSeconds, fmtSize } from './format.ts';
import { StatusTag } from './shared.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';
import { NS } from './messages.ts';

/** Opens a document material through its signed link (a new tab; the file is sent as an attachment). */
async function openDoc(m: MaterialRow) {
  const { url } = (await trainingApi.materialUrl(m.id)).data;
  window.open(url, '_blank', 'noopener');
}

/** A course's details and materials; `manage` adds uploading and removing materials. */
export function CourseDrawer({ id, manage, onClose }: { id: string; manage?: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['training', 'course', id], queryFn: async () => (await trainingApi.course(id)).data });
  const [playing, setPlaying] = useState<MaterialRow | null>(null);
  const [adding, setAdding] = useState(false);
  const refresh = () => void client.invalidateQueries({ queryKey: ['training'] });
  const c = q.data;
  const editable = manage && c && (c.status === 'draft' || c.status === 'rejected' || c.status === 'published');
  return (
    <Drawer open width={760} title={c?.title ?? t('course')} onClose={onClose} destroyOnHidden data-testid="course-drawer">
      {!c ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered styles={{ label: { width: 100, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('courseNo')}>{c.courseNo}</Descriptions.Item>
            <Descriptions.Item label={t('state')}>
              <StatusTag status={c.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('category')}>{t(`cat.${c.category}`)}</Descriptions.Item>
            <Descriptions.Item label={t('teacher')}>{c.teacherName}</Descriptions.Item>
            <Descriptions.Item label={t('coursePeriod')}>
              {fmtDate(c.startsAt)} – {fmtDate(c.endsAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('credit')}>{c.credit}</Descriptions.Item>
            <Descriptions.Item label={t('enrolled')}>
              {c.approved}
              {c.capacity ? ` / ${c.capacity}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('rating')}>{c.rating === null ? '—' : `${c.rating} (${c.ratings})`}</Descriptions.Item>
            <Descriptions.Item label={t('intro')} span={2}>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{c.intro || '—'}</Typography.Paragraph>
            </Descriptions.Item>
            {c.reviewComment && (
              <Descriptions.Item label={t('reviewComment')} span={2}>
                {c.reviewComment}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('materials')}
            </Typography.Title>
            {editable && (
              <Button type="primary" size="small" onClick={() => setAdding(true)} data-testid="material-add">
                {t('addMaterial')}
              </Button>
            )}
          </Space>
          {!c.enrolled && !manage && <Alert type="info" showIcon message={t('applyFirst')} />}
          <List<MaterialRow>
            bordered
            dataSource={c.materialList}
            locale={{ emptyText: <Empty description={t('noMaterials')} /> }}
            renderItem={(m) => (
              <List.Item
                actions={[
                  c.enrolled &&
                    (m.kind === 'video' ? (
                      <Button key="play" size="small" icon={<PlayCircleOutlined />} onClick={() => setPlaying(m)}>
                        {t('play')}
                      </Button>
                    ) : (
                      <Button key="open" size="small" icon={<FilePdfOutlined />} onClick={() => void openDoc(m)}>
                        {t('download')}
                      </Button>
                    )),
                  editable && (
                    <Button
                      key="rm"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() =>
                        Modal.confirm({
                          title: t('confirmRemoveMaterial', { title: m.title }),
                          okButtonProps: { danger: true },
                          onOk: async () => {
                            await trainingApi.removeMaterial(c.id, m.id);
                            refresh();
                          },
                        })
                      }
                    />
                  ),
                ].filter(Boolean)}
              >
                <List.Item.Meta
                  title={
                    <Space>
                      <Tag color={m.kind === 'video' ? 'blue' : 'purple'}>{t(`kind.${m.kind}`)}</Tag>
                      {m.title}
                    </Space>
                  }
                  description={
                    <Space size="large">
                      {m.fileName && <span>{m.fileName}</span>}
                      <span>{fmtSize(m.fileSize)}</span>
                      {m.kind === 'video' && m.durationS > 0 && <span>{fmtSeconds(m.durationS)}</span>}
                      {m.kind === 'video' &&
                        (m.completed ? <Tag color="green">{t('completed')}</Tag> : m.watchedS > 0 && <Tag>{t('inProgress')}</Tag>)}
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
          {playing && <VideoPlayer key={playing.id} materialId={playing.id} title={playing.title} />}
        </Space>
      )}
      {adding && c && (
        <MaterialForm
          courseId={c.id}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
    </Drawer>
  );
}

/** Upload a video or document (chunked upload of the files module) and add it to the course. */
function MaterialForm({ courseId, onClose, onDone }: { courseId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ kind: 'video' | 'doc'; title: string; files: FileEntry[]; sortCode?: number }>();
  const kind = Form.useWatch('kind', form) ?? 'video';
  const save = async () => {
    const v = await form.validateFields();
    const file = v.files[0]!;
    await trainingApi.addMaterial(courseId, { fileId: file.fileId, kind: v.kind, title: v.title.trim(), sortCode: v.sortCode ?? 0 });
    onDone();
  };
  return (
    <Modal open title={t('addMaterial')} onOk={() => void save()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ kind: 'video', files: [], sortCode: 1 }}>
        <Form.Item name="kind" label={t('materialKind')} rules={[{ required: true }]}>
          <Select options={(['video', 'doc'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('materialTitle')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="files"
          label={t('file')}
          rules={[{ validator: (_, v: FileEntry[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('fileRequired')))) }]}
        >
          <ChunkUploader
            limit={1}
            fileSize={kind === 'video' ? 2048 : 50}
            accept={kind === 'video' ? ['video'] : ['pdf', 'word', 'excel']}
          />
        </Form.Item>
        <Form.Item name="sortCode" label={t('sortCode')}>
          <InputNumber min={0} max={10000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
