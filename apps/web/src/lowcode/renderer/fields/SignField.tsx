import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';
import { useSignatureCanvas } from '../../../components/signature/useSignatureCanvas.ts';

const WIDTH = 400;
const HEIGHT = 160;

/** A handwritten signature on a canvas; the value is the drawing as a PNG data URL. */
export function SignField({ field, value, onChange, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const signed = typeof value === 'string' && value.startsWith('data:image/');
  const locked = disabled || field.disabled || field.readonly;
  const { canvas, handlers, inked, clear } = useSignatureCanvas(WIDTH, HEIGHT, locked);

  if (signed)
    return (
      <Space orientation="vertical">
        <img src={value} alt={field.label} width={WIDTH / 2} style={{ border: '1px solid #f0f0f0' }} />
        {!locked && (
          <Button
            size="small"
            onClick={() => {
              clear();
              onChange?.(null);
            }}
          >
            {t('signAgain')}
          </Button>
        )}
      </Space>
    );
  return (
    <Space orientation="vertical">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        aria-label={t('signHere')}
        style={{ border: '1px dashed #d9d9d9', touchAction: 'none', maxWidth: '100%', cursor: locked ? 'not-allowed' : 'crosshair' }}
        {...handlers}
      />
      {!locked && (
        <Space>
          <Button size="small" onClick={clear}>
            {t('signClear')}
          </Button>
          <Button size="small" type="primary" disabled={!inked} onClick={() => onChange?.(canvas.current?.toDataURL('image/png') ?? null)}>
            {t('signConfirm')}
          </Button>
        </Space>
      )}
    </Space>
  );
}
