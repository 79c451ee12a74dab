import { useEffect, useState } from 'react';
import { decodeDicom, DicomUnsupported, type DicomFrame } from './dicom.ts';
import { fileBytes } from './fileBytes.ts';
import type { ViewerImage } from './types.ts';

export type PaneState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'ready'; frame: DicomFrame | null }
  | { phase: 'error'; reason: 'compressed' | 'noPixels' | 'format' | 'load' };

/**
 * Loads what one pane shows: a DICOM file's bytes, decoded (photos and clips
 * load through their own element). `attempt` changes to retry after an error.
 */
export function usePaneImage(image: ViewerImage | null, attempt: number): PaneState {
  const [state, setState] = useState<PaneState>({ phase: 'idle' });
  // By address, not object: a refetched study hands new objects for the same pictures.
  const url = image?.url;
  const kind = image?.kind;
  useEffect(() => {
    if (!url) return setState({ phase: 'idle' });
    if (kind !== 'dicom') return setState({ phase: 'ready', frame: null });
    let live = true;
    setState({ phase: 'loading' });
    fileBytes(url)
      .then((bytes) => {
        if (!live) return;
        try {
          setState({ phase: 'ready', frame: decodeDicom(bytes) });
        } catch (e) {
          setState({ phase: 'error', reason: e instanceof DicomUnsupported ? e.reason : 'format' });
        }
      })
      .catch(() => live && setState({ phase: 'error', reason: 'load' }));
    return () => {
      live = false;
    };
  }, [url, kind, attempt]);
  return state;
}
