import { useEffect, useRef, useState } from 'react';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';

/** The text a QR code or barcode draws: the designed static text, or another field's value (`props.relationField`). */
function useCodeText(field: FieldProps['field'], row?: Record<string, unknown>): string {
  const form = Form.useFormInstance();
  const source = typeof field.props?.relationField === 'string' ? field.props.relationField : '';
  const watched: unknown = Form.useWatch(source || '__none__', { form, preserve: true });
  const v = source ? (row && source in row ? row[source] : watched) : field.content;
  return v === null || v === undefined ? '' : String(v);
}

/** A barcode is drawn only for letters and digits (spec §5.2). */
export const barcodeDrawable = (text: string): boolean => /^[A-Za-z0-9]+$/.test(text);

export function QrcodeField({ field, row }: FieldProps) {
  const text = useCodeText(field, row);
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = typeof field.props?.size === 'number' ? field.props.size : 100;
  useEffect(() => {
    const el = canvas.current;
    if (!el || !text) return;
    let live = true;
    void import('qrcode').then((QR) => {
      if (!live) return;
      void QR.toCanvas(el, text, {
        width: size,
        margin: 1,
        errorCorrectionLevel: 'L',
        color: {
          dark: typeof field.props?.colorDark === 'string' ? field.props.colorDark : '#000000',
          light: typeof field.props?.colorLight === 'string' ? field.props.colorLight : '#ffffff',
        },
      });
    });
    return () => {
      live = false;
    };
  }, [text, size, field.props?.colorDark, field.props?.colorLight]);
  return text ? <canvas ref={canvas} data-testid="lc-qrcode" /> : <div style={{ width: size, height: size, background: '#f5f5f5' }} />;
}

export function BarcodeField({ field, row }: FieldProps) {
  const { t } = useTranslation(NS);
  const text = useCodeText(field, row);
  const svg = useRef<SVGSVGElement>(null);
  const [failed, setFailed] = useState(false);
  const drawable = barcodeDrawable(text);
  useEffect(() => {
    const el = svg.current;
    if (!el || !drawable) return;
    let live = true;
    void import('jsbarcode').then(({ default: JsBarcode }) => {
      if (!live) return;
      try {
        JsBarcode(el, text, {
          format: 'CODE128',
          lineColor: typeof field.props?.lineColor === 'string' ? field.props.lineColor : '#000000',
          background: typeof field.props?.background === 'string' ? field.props.background : '#ffffff',
          width: typeof field.props?.width === 'number' ? field.props.width : 4,
          height: typeof field.props?.height === 'number' ? field.props.height : 40,
          displayValue: true,
        });
        setFailed(false);
      } catch {
        setFailed(true);
      }
    });
    return () => {
      live = false;
    };
  }, [text, drawable, field.props?.lineColor, field.props?.background, field.props?.width, field.props?.height]);
  if (!text) return null;
  if (!drawable || failed) return <Typography.Text type="secondary">{t('barcodeInvalid')}</Typography.Text>;
  return <svg ref={svg} data-testid="lc-barcode" />;
}
