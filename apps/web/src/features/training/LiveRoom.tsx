import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Input, List, Modal, Space, Spin, Table, Tabs, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileEntry, LiveCommentRow } from '@medalliance/contract';
import { ChunkUploader } from '../../components/upload/index.ts';
import { trainingApi, type LiveDetail } from './api.ts';
import { fmtSeconds, fmtTime } from './format.ts';
import { StatusTag } from './shared.tsx';
import { NS } from './messages.ts';

/** How often the room asks for new comments (no socket needed for a lecture's pace). */
const POLL_MS = 4000;

/**
 * One broadcast: the provider's stream in the page (a <video> or a frame; we
 * run no streaming server), the comments (polled), the viewer's attendance
 * recorded on entering and leaving, and for its host: on air, off air,
 * attendance and the replay file after the end.
 */
export function LiveRoom({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ['training', 'live', id],
    queryFn: async () => (await trainingApi.live(id)).data,
    refetchInterval: 30_000,
  });
  const live = q.data;
  const refresh = () => void client.invalidateQueries({ queryKey: ['training'] });
  const onAir = live?.status === 'live';

  // Attendance: present while the room is open during the broadcast.
  useEffect(() => {
    if (!onAir) return;
    void trainingApi.attend(id, true).then(() => client.invalidateQueries({ queryKey: ['training', 'attendance', id] }));
    const leave = () => void trainingApi.attend(id, false);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [id, onAir, client]);

  const act = (action: 'start' | 'end') =>
    Modal.confirm({
      title: action === 'start' ? t('confirmStart') : t('confirmEnd'),
      okButtonProps: { danger: action === 'end' },
      onOk: async () => {
        await trainingApi.liveAction(id, action);
        refresh();
      },
    });

  return (
    <Drawer open width="min(1200px, 96vw)" title={live?.title ?? t('liveRoom')} onClose={onClose} destroyOnHidden data-testid="live-room">
      {!live ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <Space wrap>
              <StatusTag status={live.status} group="live" />
              <Typography.Text>{t('speakerIs', { speaker: live.speaker })}</Typography.Text>
              <Typography.Text type="secondary">
                {fmtTime(live.startsAt)} – {fmtTime(live.endsAt)}
              </Typography.Text>
            </Space>
            {live.mayRun && (
              <Space>
                {live.status === 'approved' && (
                  <Button type="primary" onClick={() => act('start')} data-testid="live-start">
                    {t('startLive')}
                  </Button>
                )}
                {live.status === 'live' && (
                  <Button danger onClick={() => act('end')} data-testid="live-end">
                    {t('endLive')}
                  </Button>
                )}
              </Space>
            )}
          </Space>
          <div className="training-live-room">
            <div>
              <Stream live={live} />
              {live.intro && <Typography.Paragraph style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}>{live.intro}</Typography.Paragraph>}
            </div>
            <Chat id={id} open={onAir} />
          </div>
          {live.mayRun && (
            <Tabs
              items={[
                { key: 'att', label: t('attendance'), children: <Attendance id={id} /> },
                ...(live.status === 'ended'
                  ? [{ key: 'replay', label: t('replayFile'), children: <ReplayUpload live={live} onDone={refresh} /> }]
                  : []),
              ]}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}

function Stream({ live }: { live: LiveDetail }) {
  const { t } = useTranslation(NS);
  const replay = useQuery({
    queryKey: ['training', 'replay-url', live.id],
    queryFn: async () => (await trainingApi.replayUrl(live.id)).data.url,
    enabled: live.status === 'ended' && !!live.replayFileId,
  });
  if (live.status === 'live' && live.streamUrl)
    return (
      <div data-testid="live-stream">
        {live.provider.kind === 'iframe' ? (
          <iframe
            className="training-live-stream"
            src={live.streamUrl}
            title={live.title}
            sandbox="allow-scripts allow-same-origin allow-presentation"
            allow="autoplay; fullscreen"
          />
        ) : (
          <video className="training-live-stream" src={live.streamUrl} controls autoPlay muted playsInline />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('streamFrom', { name: live.provider.name, url: live.streamUrl })}
        </Typography.Text>
      </div>
    );
  if (live.status === 'ended')
    return replay.data ? (
      <video className="training-live-stream" src={replay.data} controls data-testid="live-replay" />
    ) : (
      <Empty className="training-live-stream" style={{ paddingTop: 80, color: '#ccc' }} description={t('noReplayYet')} />
    );
  return (
    <Alert
      type="info"
      showIcon
      message={live.status === 'approved' ? t('notStarted', { at: fmtTime(live.startsAt) }) : t(`live.${live.status}`)}
      description={live.streamUrl ? t('streamReady', { url: live.streamUrl }) : undefined}
    />
  );
}

function Chat({ id, open }: { id: string; open: boolean }) {
  const { t } = useTranslation(NS);
  const [items, setItems] = useState<LiveCommentRow[]>([]);
  const [text, setText] = useState('');
  const after = useRef(0);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let stopped = false;
    after.current = 0;
    setItems([]);
    const poll = async () => {
      try {
        const fresh = (await trainingApi.liveComments(id, after.current)).data;
        if (!stopped && fresh.length) {
          after.current = fresh[fresh.length - 1]!.createdAt;
          setItems((old) => [...old, ...fresh.filter((f) => !old.some((o) => o.id === f.id))]);
        }
      } catch {
        // the next poll tries again
      }
    };
    void poll();
    const timer = window.setInterval(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [id]);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [items.length]);
  const send = async () => {
    if (!text.trim()) return;
    await trainingApi.postLiveComment(id, text.trim());
    setText('');
    const fresh = (await trainingApi.liveComments(id, after.current)).data;
    if (fresh.length) {
      after.current = fresh[fresh.length - 1]!.createdAt;
      setItems((old) => [...old, ...fresh.filter((f) => !old.some((o) => o.id === f.id))]);
    }
  };
  return (
    <div className="training-live-chat" data-testid="live-chat">
      <Typography.Title level={5}>{t('liveComments')}</Typography.Title>
      <div className="training-live-chat-list" ref={list}>
        <List<LiveCommentRow>
          size="small"
          dataSource={items}
          locale={{ emptyText: t('noLiveComments') }}
          renderItem={(c) => (
            <List.Item>
              <div>
                <Typography.Text strong>{c.userName}</Typography.Text>{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {fmtTime(c.createdAt)}
                </Typography.Text>
                <div style={{ whiteSpace: 'pre-wrap' }}>{c.content}</div>
              </div>
            </List.Item>
          )}
        />
      </div>
      <Space.Compact style={{ marginTop: 8 }}>
        <Input
          maxLength={1000}
          disabled={!open}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => void send()}
          placeholder={open ? t('saySomething') : t('chatClosed')}
          data-testid="live-comment-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!open || !text.trim()}
          onClick={() => void send()}
          aria-label={t('send')}
        />
      </Space.Compact>
    </div>
  );
}

function Attendance({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const q = useQuery({
    queryKey: ['training', 'attendance', id],
    queryFn: async () => (await trainingApi.attendance(id)).data,
    refetchInterval: 30_000,
  });
  return (
    <Table
      rowKey="userId"
      size="small"
      loading={q.isFetching}
      dataSource={q.data ?? []}
      locale={{ emptyText: t('noAttendance') }}
      pagination={false}
      columns={[
        { title: t('attendee'), dataIndex: 'userName', width: 120 },
        { title: t('unit'), dataIndex: 'orgName' },
        { title: t('joinedAt'), dataIndex: 'firstJoinedAt', width: 160, render: fmtTime },
        { title: t('leftAt'), dataIndex: 'lastLeftAt', width: 160, render: fmtTime },
        { title: t('watchTime'), dataIndex: 'seconds', width: 110, render: (v: number) => fmtSeconds(v) },
      ]}
    />
  );
}

function ReplayUpload({ live, onDone }: { live: LiveDetail; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [files, setFiles] = useState<FileEntry[]>([]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('replayFile')}>{live.replayFileId ? t('replayAttached') : t('noReplayYet')}</Descriptions.Item>
      </Descriptions>
      <ChunkUploader limit={1} fileSize={2048} accept={['video']} value={files} onChange={setFiles} />
      <Button
        type="primary"
        disabled={!files.length}
        onClick={async () => {
          await trainingApi.setReplay(live.id, files[0]!.fileId);
          setFiles([]);
          onDone();
        }}
      >
        {t('attachReplay')}
      </Button>
    </Space>
  );
}
