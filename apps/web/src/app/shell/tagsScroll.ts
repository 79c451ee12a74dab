/**
 * The scroll position that brings a tag fully into view with a margin, moving
 * as little as possible (no jump when it is already visible).
 */
export function revealScrollLeft(scrollLeft: number, viewWidth: number, itemLeft: number, itemWidth: number, margin = 24): number {
  if (itemLeft - margin < scrollLeft) return Math.max(0, itemLeft - margin);
  const itemRight = itemLeft + itemWidth + margin;
  if (itemRight > scrollLeft + viewWidth) return itemRight - viewWidth;
  return scrollLeft;
}

/** Wheel scrolling along the strip: a vertical wheel scrolls sideways; a trackpad's own sideways motion is kept. */
export function wheelDelta(deltaX: number, deltaY: number): number {
  return Math.abs(deltaX) > Math.abs(deltaY) ? deltaX : deltaY;
}
