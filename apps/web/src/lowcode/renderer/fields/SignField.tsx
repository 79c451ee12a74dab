import { useEffect, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';

const WIDTH = 400;
const HEIGHT = 160;

/** A handwritten signature on a canvas; the value is the drawing as a PNG data URL. */
export function SignField({ field, value, onChange, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [dirty, setDirty] = useState(false);
  const signed = typeof value === 'string' && value.startsWith('data:image/');
  const locked = disabled || field.disabled || field.readonly;

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#000';
  }, [signed]);

  const at = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - box.left) * WIDTH) / box.width, ((e.clientY - box.top) * HEIGHT) / box.height] as const;
  };
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setDirty(false);
  };

  if (signed)
    return (
      <Space orientation="vertical">
        <img src={value} alt={field.label} width={WIDTH / 2} style={{ border: '1px solid #f0f0f0' }} />
        {!locked && (
          <Button size="small" onClick={() => onChange?.(null)}>
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
        onPointerDown={(e) => {
          if (locked) return;
          drawing.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          const ctx = e.currentTarget.getContext('2d')!;
          ctx.beginPath();
          ctx.moveTo(...at(e));
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d')!;
          ctx.lineTo(...at(e));
          ctx.stroke();
          setDirty(true);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
      />
      {!locked && (
        <Space>
          <Button size="small" onClick={clear}>
            {t('signClear')}
          </Button>
          <Button size="small" type="primary" disabled={!dirty} onClick={() => onChange?.(canvas.current?.toDataURL('image/png') ?? null)}>
            {t('signConfirm')}
          </Button>
        </Space>
      )}
    </Space>
  );
}
