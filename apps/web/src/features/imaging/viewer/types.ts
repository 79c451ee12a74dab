/** One picture of a study as the viewer shows it (a DICOM instance, a JPEG/PNG photo or an MP4 clip). */
export interface ViewerImage {
  id: string;
  kind: 'dicom' | 'image' | 'video';
  /** The stored file's address (`/api/file/Download/…`). */
  url: string;
  name: string;
  modality?: string | null;
  instanceNo?: number | null;
  seriesUid?: string | null;
  size?: number | null;
}

export type ViewerTool = 'pan' | 'window';

/** Zoom, pan and (DICOM) window of one pane. */
export interface PaneView {
  zoom: number;
  x: number;
  y: number;
  /** null until the DICOM header's window is known. */
  center: number | null;
  width: number | null;
}

export const INITIAL_VIEW: PaneView = { zoom: 1, x: 0, y: 0, center: null, width: null };
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 20;

/** A zoom by `factor` that keeps the point under the cursor (cx, cy from the pane's centre) where it is. */
export function zoomAt(v: PaneView, factor: number, cx = 0, cy = 0): PaneView {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor));
  const k = zoom / v.zoom;
  return { ...v, zoom, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k };
}
