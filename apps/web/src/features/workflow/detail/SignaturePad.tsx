import { useEffect, type RefObject } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@medalliance/contract';
import { useSignatureCanvas } from '../../../components/signature/useSignatureCanvas.ts';
import { postForm } from '../../../components/upload/fileApi.ts';
import { NS } from './messages.ts';

/** What the dialog asks of the pad when the action is sent. */
export interface SignaturePadHandle {
  /** The drawn signature as a PNG, or null when nothing was drawn. */
  toBlob(): Promise<Blob | null>;
}

const WIDTH = 440;
const HEIGHT = 140;

/**
 * A handwritten signature: drawn with mouse, pen or finger on a canvas
 * (pointer events, so touch works too), sent as a PNG through the one-request
 * upload when the action is confirmed.
 */
export function SignaturePad({ handle }: { handle: RefObject<SignaturePadHandle | null> }) {
  const { t } = useTranslation(NS);
  const { canvas, handlers, hasInk, clear } = useSignatureCanvas(WIDTH, HEIGHT);

  useEffect(() => {
    handle.current = {
      toBlob: () =>
        new Promise((resolve) => {
          const c = canvas.current;
          if (!c || !hasInk()) return resolve(null);
          c.toBlob((b) => resolve(b), 'image/png');
        }),
    };
    return () => {
      handle.current = null;
    };
    // hasInk reads a ref: the handle stays valid across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, canvas]);

  return (
    <div className="wfd-signature">
      <canvas ref={canvas} width={WIDTH} height={HEIGHT} aria-label={t('signHere')} data-testid="wfd-signature-pad" {...handlers} />
      <div className="wfd-signature-bar">
        <span className="wfd-signature-hint">{t('signHere')}</span>
        <Button size="small" onClick={clear}>
          {t('clearSignature')}
        </Button>
      </div>
    </div>
  );
}

/** Stores a signature PNG; its file id, or an error with the server's message. */
export async function uploadSignature(blob: Blob, failed: string): Promise<string> {
  const form = new FormData();
  form.append('file', blob, `signature-${Date.now()}.png`);
  const res = await postForm<FileEntry>('/api/file/Uploader/annex', form).promise;
  if (res.body?.code !== 200) throw new Error(res.body?.msg || failed);
  return res.body.data.fileId;
}
