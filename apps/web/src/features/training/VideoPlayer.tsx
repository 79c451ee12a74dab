import { useEffect, useRef, useState } from 'react';
import { Alert, Progress, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WATCH_COMPLETE_RATIO, WATCH_SAVE_SECONDS } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { fmtSeconds } from './format.ts';
import { NS } from './messages.ts';

/**
 * Plays one video material from its signed link (the files module serves
 * byte ranges, so seeking works), starts where the viewer stopped last time,
 * and saves the position and the seconds really watched every few seconds,
 * on pause and on leaving. Skipping ahead moves the position but adds nothing
 * to the watched time (the server checks the same against its clock).
 */
export function VideoPlayer({ materialId, title }: { materialId: string; title: string }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef(0);
  const pending = useRef(0);
  const [state, setState] = useState({ watchedS: 0, durationS: 0, completed: false, positionS: 0 });
  const src = useQuery({
    queryKey: ['training', 'material-url', materialId],
    queryFn: async () => (await trainingApi.materialUrl(materialId)).data,
    staleTime: 50 * 60_000,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (src.data) setState((s) => ({ ...s, watchedS: src.data.watchedS, completed: src.data.completed, positionS: src.data.positionS }));
  }, [src.data]);

  const save = async () => {
    const v = video.current;
    if (!v || !Number.isFinite(v.duration)) return;
    const deltaS = Math.min(600, Math.round(pending.current * 10) / 10);
    pending.current = 0;
    try {
      const r = (
        await trainingApi.saveProgress(materialId, { positionS: Math.round(v.currentTime), deltaS, durationS: Math.round(v.duration) })
      ).data;
      setState({ watchedS: r.watchedS, durationS: r.durationS, completed: r.completed, positionS: r.positionS });
      if (r.completed) void client.invalidateQueries({ queryKey: ['training', 'course'] });
    } catch {
      pending.current += deltaS; // kept for the next save
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (video.current && !video.current.paused) void saveRef.current();
    }, WATCH_SAVE_SECONDS * 1000);
    const leave = () => void saveRef.current();
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      void saveRef.current();
    };
  }, [materialId]);

  if (src.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (src.isError || !src.data) return <Alert type="warning" showIcon message={t('videoUnavailable')} />;
  const duration = state.durationS || video.current?.duration || 0;
  const pct = duration ? Math.min(100, Math.round((state.watchedS * 100) / duration)) : 0;
  return (
    <div className="training-player" data-testid="video-player">
      <video
        ref={video}
        src={src.data.url}
        controls
        preload="metadata"
        style={{ width: '100%', maxHeight: 420, background: '#000', borderRadius: 6 }}
        data-testid="video-element"
        onLoadedMetadata={(e) => {
          const v = e.currentTarget;
          setState((s) => ({ ...s, durationS: Math.round(v.duration) }));
          // Resume where the viewer stopped, unless that was the very end.
          if (src.data.positionS > 0 && src.data.positionS < v.duration - 1) v.currentTime = src.data.positionS;
          last.current = v.currentTime;
        }}
        onTimeUpdate={(e) => {
          const now = e.currentTarget.currentTime;
          const d = now - last.current;
          if (d > 0 && d < 1.5) pending.current += d;
          last.current = now;
        }}
        onSeeked={(e) => (last.current = e.currentTarget.currentTime)}
        onPause={() => void save()}
        onEnded={() => void save()}
      />
      <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text strong>{title}</Typography.Text>
        <Space>
          <Typography.Text type="secondary" data-testid="video-watched">
            {t('watched', { watched: fmtSeconds(state.watchedS), total: fmtSeconds(duration) })}
          </Typography.Text>
          {state.completed ? <Tag color="green">{t('completed')}</Tag> : <Tag>{t('needPercent', { n: WATCH_COMPLETE_RATIO * 100 })}</Tag>}
        </Space>
      </Space>
      <Progress percent={pct} size="small" status={state.completed ? 'success' : 'active'} />
    </div>
  );
}
