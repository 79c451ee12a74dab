import { useRef, useState, type PointerEvent } from 'react';

/**
 * Drawing a handwritten signature on a canvas of `width` × `height` pixels
 * with mouse, pen or finger (pointer events, captured so a stroke leaving the
 * canvas still ends): the canvas ref, its pointer handlers, whether anything
 * is drawn (state for rendering, hasInk() for callbacks), and clearing. The canvas may be shown smaller than its pixels;
 * points are scaled to them.
 */
export function useSignatureCanvas(width: number, height: number, locked = false) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [inked, setInkedState] = useState(false);
  // Also in a ref: a caller reading the pad from a callback (when a dialog sends) sees the latest ink.
  const inkedRef = useRef(false);
  const setInked = (v: boolean) => {
    inkedRef.current = v;
    setInkedState(v);
  };

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - r.left) * width) / r.width, ((e.clientY - r.top) * height) / r.height] as const;
  };
  const handlers = {
    onPointerDown(e: PointerEvent<HTMLCanvasElement>) {
      const ctx = e.currentTarget.getContext('2d');
      if (locked || !ctx) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      drawing.current = true;
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#1f1f1f';
      ctx.beginPath();
      ctx.moveTo(...point(e));
    },
    onPointerMove(e: PointerEvent<HTMLCanvasElement>) {
      const ctx = e.currentTarget.getContext('2d');
      if (!drawing.current || !ctx) return;
      ctx.lineTo(...point(e));
      ctx.stroke();
      setInked(true);
    },
    onPointerUp() {
      drawing.current = false;
    },
    onPointerLeave() {
      drawing.current = false;
    },
  };
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, width, height);
    setInked(false);
  };
  return { canvas, handlers, inked, hasInk: () => inkedRef.current, clear };
}
