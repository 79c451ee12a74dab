import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Segmented, Space, Tooltip } from 'antd';
import {
  ColumnWidthOutlined,
  DragOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LeftOutlined,
  RightOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { prefetch } from './fileBytes.ts';
import { Thumbnails } from './Thumbnails.tsx';
import { INITIAL_VIEW, zoomAt, type PaneView, type ViewerImage, type ViewerTool } from './types.ts';
import { ViewerPane } from './ViewerPane.tsx';
import { NS } from '../messages.ts';
import '../messages.ts';
import './viewer.css';

/**
 * A study's pictures: one pane, or two side by side to compare (each with its
 * own zoom, pan and window; a thumbnail fills the pane last clicked); zoom
 * buttons and wheel, pan by dragging, DICOM window by dragging with the
 * window tool, full screen. Only the picture shown is loaded (the first one
 * first), and the next DICOM instance is fetched in the background.
 * Keys: ← → previous/next, + − zoom, 0 reset, W window / P pan tool,
 * C compare, F full screen.
 */
export function ImageViewer({ images, height = 460 }: { images: ViewerImage[]; height?: number }) {
  const { t } = useTranslation(NS);
  const root = useRef<HTMLDivElement>(null);
  const [compare, setCompare] = useState(false);
  const [active, setActive] = useState(0);
  const [shown, setShown] = useState<(number | null)[]>([images.length ? 0 : null, images.length > 1 ? 1 : null]);
  const [views, setViews] = useState<PaneView[]>([INITIAL_VIEW, INITIAL_VIEW]);
  const [tool, setTool] = useState<ViewerTool>(images[0]?.kind === 'dicom' ? 'window' : 'pan');
  const [full, setFull] = useState(false);

  // Other pictures (another study, or one added or removed): start over on the first, with the tool it needs.
  const ids = images.map((i) => i.id).join(',');
  const firstKind = images[0]?.kind;
  useEffect(() => {
    const n = ids ? ids.split(',').length : 0;
    setShown([n ? 0 : null, n > 1 ? 1 : null]);
    setViews([INITIAL_VIEW, INITIAL_VIEW]);
    setActive(0);
    setTool(firstKind === 'dicom' ? 'window' : 'pan');
  }, [ids, firstKind]);

  useEffect(() => {
    const on = () => setFull(document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);

  // Background-load the next DICOM instance after the one on screen.
  const current = shown[active];
  useEffect(() => {
    if (current === null || current === undefined) return;
    const next = images[current + 1];
    if (next?.kind !== 'dicom') return;
    const id = setTimeout(() => prefetch(next.url), 400);
    return () => clearTimeout(id);
  }, [current, images]);

  const setView = useCallback((pane: number, v: PaneView) => setViews((vs) => vs.map((x, i) => (i === pane ? v : x))), []);
  const onView0 = useCallback((v: PaneView) => setView(0, v), [setView]);
  const onView1 = useCallback((v: PaneView) => setView(1, v), [setView]);

  const show = (index: number) => {
    const pane = compare ? active : 0;
    setShown((s) => s.map((x, i) => (i === pane ? index : x)));
    setView(pane, INITIAL_VIEW);
  };
  const step = (d: number) => {
    if (!images.length) return;
    const cur = shown[compare ? active : 0] ?? 0;
    show((cur + d + images.length) % images.length);
  };
  const zoom = (factor: number) => setView(compare ? active : 0, zoomAt(views[compare ? active : 0]!, factor));
  const reset = () => setView(compare ? active : 0, INITIAL_VIEW);
  const toggleFull = () => {
    const el = root.current;
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (el?.requestFullscreen) void el.requestFullscreen().catch(() => toast.warning(t('viewer.noFullscreen')));
    else toast.warning(t('viewer.noFullscreen'));
  };
  const toggleCompare = () => {
    setCompare((c) => !c);
    setShown((s) => [s[0] ?? null, s[1] ?? (images.length > 1 ? ((s[0] ?? 0) + 1) % images.length : (s[0] ?? null))]);
    setActive(compare ? 0 : 1);
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    const k = e.key.toLowerCase();
    const acts: Record<string, () => void> = {
      arrowleft: () => step(-1),
      arrowright: () => step(1),
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      '0': reset,
      w: () => setTool('window'),
      p: () => setTool('pan'),
      c: toggleCompare,
      f: toggleFull,
    };
    const act = acts[k];
    if (act && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      act();
    }
  };

  if (!images.length) return <Empty description={t('viewer.none')} data-testid="img-viewer-empty" />;
  const panes = compare ? [0, 1] : [0];
  return (
    <div
      ref={root}
      className={`img-viewer${full ? ' img-viewer-full' : ''}`}
      tabIndex={0}
      onKeyDown={onKey}
      aria-label={t('viewer.title')}
      data-testid="img-viewer"
    >
      <div className="img-viewer-bar">
        <Space wrap size={4}>
          <Tooltip title={`${t('viewer.prev')} (←)`}>
            <Button size="small" icon={<LeftOutlined />} onClick={() => step(-1)} aria-label={t('viewer.prev')} />
          </Tooltip>
          <span className="img-viewer-count" data-testid="img-viewer-position">
            {(shown[compare ? active : 0] ?? 0) + 1} / {images.length}
          </span>
          <Tooltip title={`${t('viewer.next')} (→)`}>
            <Button
              size="small"
              icon={<RightOutlined />}
              onClick={() => step(1)}
              aria-label={t('viewer.next')}
              data-testid="img-viewer-next"
            />
          </Tooltip>
          <Tooltip title={`${t('viewer.zoomIn')} (+)`}>
            <Button
              size="small"
              icon={<ZoomInOutlined />}
              onClick={() => zoom(1.25)}
              aria-label={t('viewer.zoomIn')}
              data-testid="img-viewer-zoom-in"
            />
          </Tooltip>
          <Tooltip title={`${t('viewer.zoomOut')} (−)`}>
            <Button size="small" icon={<ZoomOutOutlined />} onClick={() => zoom(0.8)} aria-label={t('viewer.zoomOut')} />
          </Tooltip>
          <Tooltip title={`${t('viewer.reset')} (0)`}>
            <Button size="small" icon={<UndoOutlined />} onClick={reset} aria-label={t('viewer.reset')} />
          </Tooltip>
          <Segmented
            size="small"
            value={tool}
            onChange={(v) => setTool(v as ViewerTool)}
            options={[
              { value: 'window', label: t('viewer.toolWindow'), icon: <ColumnWidthOutlined /> },
              { value: 'pan', label: t('viewer.toolPan'), icon: <DragOutlined /> },
            ]}
            data-testid="img-viewer-tool"
          />
        </Space>
        <Space size={4}>
          <Button
            size="small"
            type={compare ? 'primary' : 'default'}
            onClick={toggleCompare}
            aria-pressed={compare}
            data-testid="img-viewer-compare"
          >
            {t('viewer.compare')}
          </Button>
          <Tooltip title={`${t(full ? 'viewer.exitFull' : 'viewer.full')} (F)`}>
            <Button
              size="small"
              icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={toggleFull}
              aria-label={t(full ? 'viewer.exitFull' : 'viewer.full')}
              data-testid="img-viewer-full"
            />
          </Tooltip>
        </Space>
      </div>
      <div className="img-viewer-panes" style={full ? undefined : { height }}>
        {panes.map((p) => {
          const index = shown[p];
          return (
            <ViewerPane
              key={p}
              image={index === null || index === undefined ? null : (images[index] ?? null)}
              view={views[p]!}
              onView={p === 0 ? onView0 : onView1}
              tool={tool}
              active={compare && active === p}
              onActivate={() => setActive(p)}
              testId={`img-viewer-pane-${p}`}
            />
          );
        })}
      </div>
      <div className="img-viewer-hint">{t('viewer.hint')}</div>
      <Thumbnails images={images} shown={compare ? shown : [shown[0] ?? null]} onPick={show} />
    </div>
  );
}
