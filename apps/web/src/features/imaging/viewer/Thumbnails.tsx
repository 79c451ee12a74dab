import { useEffect, useRef, useState } from 'react';
import { Tooltip } from 'antd';
import { FileImageOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@medalliance/contract';
import { useObjectUrl } from './fileBytes.ts';
import type { ViewerImage } from './types.ts';
import { NS } from '../messages.ts';
import '../messages.ts';

/** A photo's thumbnail asks for its file only once it scrolls into the strip (a long series stays cheap). */
function LazyPhoto({ image }: { image: ViewerImage }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true));
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  const { src } = useObjectUrl(seen ? image.url : undefined);
  return (
    <span ref={ref} className="img-thumb-photo">
      {src ? <img src={src} alt={image.name} draggable={false} /> : <FileImageOutlined />}
    </span>
  );
}

/**
 * The strip of a study's pictures: DICOM instances as numbered tiles (their
 * pixels load only when opened), photos as small images, clips with a play
 * mark. The tiles shown in the panes are marked A / B.
 */
export function Thumbnails({
  images,
  shown,
  onPick,
}: {
  images: ViewerImage[];
  /** The index in each pane (A, then B when comparing). */
  shown: (number | null)[];
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="img-thumbs" role="listbox" aria-label={t('viewer.thumbs')} data-testid="img-viewer-thumbs">
      {images.map((im, i) => {
        const mark = shown.findIndex((s) => s === i);
        return (
          <Tooltip key={im.id} title={`${im.name}${im.size ? ` · ${formatFileSize(im.size)}` : ''}`}>
            <button
              type="button"
              role="option"
              aria-selected={mark >= 0}
              className={`img-thumb${mark >= 0 ? ' img-thumb-on' : ''}`}
              onClick={() => onPick(i)}
              data-testid={`img-thumb-${i}`}
            >
              {im.kind === 'image' ? (
                <LazyPhoto image={im} />
              ) : im.kind === 'video' ? (
                <PlayCircleOutlined className="img-thumb-icon" />
              ) : (
                <span className="img-thumb-dicom">
                  <b>{im.modality || 'DICOM'}</b>
                  <span>#{im.instanceNo ?? i + 1}</span>
                </span>
              )}
              {mark >= 0 ? <span className="img-thumb-mark">{mark === 0 ? 'A' : 'B'}</span> : null}
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
