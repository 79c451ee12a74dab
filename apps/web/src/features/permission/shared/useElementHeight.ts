import { useEffect, useState, type RefObject } from 'react';

/** The element's content height, kept current (virtual trees need a pixel height). */
export function useElementHeight(ref: RefObject<HTMLElement | null>, fallback = 400): number {
  const [height, setHeight] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const h = Math.floor(el.clientHeight);
      if (h > 0) setHeight(h);
    };
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return height;
}
