import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';

export interface RowWindow {
  /** First row to draw. */
  start: number;
  /** One past the last row to draw. */
  end: number;
  /** Space kept above and below the drawn rows, so the scrollbar matches the whole list. */
  padTop: number;
  padBottom: number;
  onScroll: (event: UIEvent<HTMLElement>) => void;
  ref: (element: HTMLElement | null) => void;
}

/** Before the box is measured (and in tests, where nothing has a size): a screenful. */
const FALLBACK_HEIGHT = 640;

/**
 * Windowing for a list of fixed-height rows in a scrolling box: only the rows in view (plus a few
 * either side) are drawn, so hundreds of products scroll as lightly as twenty.
 */
export function useRowWindow(count: number, rowHeight: number, headerHeight: number, overscan = 8): RowWindow {
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(FALLBACK_HEIGHT);
  const observer = useRef<ResizeObserver | null>(null);
  const frame = useRef(0);

  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => setHeight(element.clientHeight || FALLBACK_HEIGHT);
    measure();
    if (typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(element);
    }
  }, []);

  useEffect(
    () => () => {
      observer.current?.disconnect();
      cancelAnimationFrame(frame.current);
    },
    [],
  );

  const onScroll = useCallback((event: UIEvent<HTMLElement>) => {
    const top = event.currentTarget.scrollTop;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(top));
  }, []);

  const bodyTop = Math.max(0, scrollTop - headerHeight);
  const start = Math.max(0, Math.floor(bodyTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((bodyTop + height) / rowHeight) + overscan);
  return {
    start: Math.min(start, count),
    end,
    padTop: Math.min(start, count) * rowHeight,
    padBottom: Math.max(0, count - end) * rowHeight,
    onScroll,
    ref,
  };
}
