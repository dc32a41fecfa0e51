import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface VirtualRows {
  /** Put on the scrolling element. */
  ref: (element: HTMLElement | null) => void;
  onScroll: (event: React.UIEvent<HTMLElement>) => void;
  /** Rows [start, end) are rendered; padTop / padBottom stand in for the others. */
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
  /** Scrolls so that row `index` is visible. */
  scrollTo: (index: number) => void;
}

/**
 * Windowing for long lists of fixed-height rows: only the rows in view (plus `overscan` on each
 * side) are rendered, so a category of a thousand products scrolls like one of ten.
 */
export function useVirtualRows(count: number, rowHeight: number, overscan = 8): VirtualRows {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const observer = useRef<ResizeObserver | null>(null);

  useLayoutEffect(() => {
    if (!element) return;
    setHeight(element.clientHeight || 600);
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(() => setHeight(element.clientHeight || 600));
    observer.current.observe(element);
    return () => observer.current?.disconnect();
  }, [element]);

  const onScroll = useCallback((event: React.UIEvent<HTMLElement>) => setScrollTop(event.currentTarget.scrollTop), []);
  const scrollTo = useCallback(
    (index: number) => {
      if (!element) return;
      const top = index * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight;
    },
    [element, rowHeight],
  );

  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { ref: setElement, onScroll, start, end, padTop: start * rowHeight, padBottom: Math.max(0, (count - end) * rowHeight), scrollTo };
}
