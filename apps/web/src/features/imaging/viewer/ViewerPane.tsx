import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyWindow, dragWindow, type DicomFrame } from './dicom.ts';
import { useObjectUrl } from './fileBytes.ts';
import { INITIAL_VIEW, zoomAt, type PaneView, type ViewerImage, type ViewerTool } from './types.ts';
import { usePaneImage } from './usePaneImage.ts';
import { NS } from '../messages.ts';
import '../messages.ts';

/** The DICOM frame on a canvas, redrawn when the window changes. */
function DicomCanvas({ frame, center, width }: { frame: DicomFrame; center: number; width: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const buffer = useRef<ImageData | null>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    if (!buffer.current || buffer.current.width !== frame.columns || buffer.current.height !== frame.rows) {
      buffer.current = ctx.createImageData(frame.columns, frame.rows);
    }
    // A drag fires many moves per frame; drawing once per animation frame keeps it smooth.
    const id = requestAnimationFrame(() => {
      applyWindow(frame, center, width, buffer.current!.data);
      ctx.putImageData(buffer.current!, 0, 0);
    });
    return () => cancelAnimationFrame(id);
  }, [frame, center, width]);
  return <canvas ref={ref} width={frame.columns} height={frame.rows} className="img-viewer-media" data-testid="img-viewer-canvas" />;
}

function Media({ image, attempt, onRetry }: { image: ViewerImage; attempt: number; onRetry: () => void }) {
  const { t } = useTranslation(NS);
  const { src, error } = useObjectUrl(image.url, attempt);
  if (error)
    return (
      <Result
        status="warning"
        className="img-viewer-error"
        title={t('viewer.err.load')}
        extra={
          <Button onClick={onRetry} data-testid="img-viewer-retry">
            {t('viewer.retry')}
          </Button>
        }
      />
    );
  if (!src) return <Spin />;
  return image.kind === 'video' ? (
    <video src={src} controls className="img-viewer-media" data-testid="img-viewer-video" aria-label={image.name} />
  ) : (
    <img src={src} alt={image.name || t('viewer.image')} className="img-viewer-media" draggable={false} data-testid="img-viewer-img" />
  );
}

/**
 * One pane of the viewer: the picture zoomed (wheel, around the cursor) and
 * panned (drag); a DICOM frame's window centre/width from its header,
 * changed by dragging with the window tool (or Shift + drag with the pan tool).
 * Double-click resets. Its view lives in the parent so the toolbar and the
 * keyboard can reach it.
 */
export function ViewerPane({
  image,
  view,
  onView,
  tool,
  active,
  onActivate,
  testId,
}: {
  image: ViewerImage | null;
  view: PaneView;
  onView: (v: PaneView) => void;
  tool: ViewerTool;
  active: boolean;
  onActivate: () => void;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const [attempt, setAttempt] = useState(0);
  const state = usePaneImage(image, attempt);
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; start: PaneView; mode: ViewerTool } | null>(null);
  const frame = state.phase === 'ready' ? state.frame : null;
  const viewRef = useRef(view);
  viewRef.current = view;

  // The header's window, once per newly shown frame.
  useEffect(() => {
    if (frame && viewRef.current.center === null) onView({ ...viewRef.current, center: frame.windowCenter, width: frame.windowWidth });
  }, [frame, onView]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      onView(zoomAt(viewRef.current, e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left - r.width / 2, e.clientY - r.top - r.height / 2));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [onView]);

  const down = (e: ReactPointerEvent) => {
    onActivate();
    if (e.button !== 0 || !image) return;
    // Clicking a clip's own controls must not start a pan.
    if (image.kind === 'video' && view.zoom === 1) return;
    const windowing = !!frame && frame.samples === 1 && (tool === 'window') !== e.shiftKey;
    drag.current = { x: e.clientX, y: e.clientY, start: view, mode: windowing ? 'window' : 'pan' };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  const move = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (d.mode === 'pan') onView({ ...d.start, x: d.start.x + dx, y: d.start.y + dy });
    else if (frame && d.start.center !== null && d.start.width !== null)
      onView({ ...d.start, ...dragWindow(frame, { center: d.start.center, width: d.start.width }, dx, dy) });
  };
  const up = () => {
    drag.current = null;
  };

  let body;
  if (!image) body = <div className="img-viewer-empty">{t('viewer.pick')}</div>;
  else if (state.phase === 'loading' || state.phase === 'idle')
    body = (
      <Spin tip={t('viewer.loading')} data-testid="img-viewer-loading">
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    );
  else if (state.phase === 'error')
    body = (
      <Result
        status="warning"
        className="img-viewer-error"
        title={t(`viewer.err.${state.reason}`)}
        extra={
          state.reason === 'load' ? (
            <Button onClick={() => setAttempt((n) => n + 1)} data-testid="img-viewer-retry">
              {t('viewer.retry')}
            </Button>
          ) : null
        }
      />
    );
  else
    body = (
      <div
        className="img-viewer-stage"
        style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
        data-testid={`${testId}-stage`}
      >
        {frame ? (
          <DicomCanvas frame={frame} center={view.center ?? frame.windowCenter} width={view.width ?? frame.windowWidth} />
        ) : (
          <Media image={image} attempt={attempt} onRetry={() => setAttempt((n) => n + 1)} />
        )}
      </div>
    );

  return (
    <div
      ref={box}
      className={`img-viewer-pane${active ? ' img-viewer-pane-active' : ''}${tool === 'window' && frame ? ' img-viewer-tool-window' : ''}`}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onDoubleClick={() => onView({ ...INITIAL_VIEW, center: frame?.windowCenter ?? null, width: frame?.windowWidth ?? null })}
      data-testid={testId}
    >
      {body}
      {image && state.phase === 'ready' ? (
        <div className="img-viewer-overlay" data-testid={`${testId}-overlay`}>
          <span>{image.name}</span>
          {frame ? (
            <span data-testid={`${testId}-window`}>
              {frame.modality ? `${frame.modality} · ` : ''}
              {frame.columns}×{frame.rows} · WC {Math.round(view.center ?? frame.windowCenter)} / WW{' '}
              {Math.round(view.width ?? frame.windowWidth)}
            </span>
          ) : null}
          <span data-testid={`${testId}-zoom`}>{Math.round(view.zoom * 100)}%</span>
        </div>
      ) : null}
    </div>
  );
}
