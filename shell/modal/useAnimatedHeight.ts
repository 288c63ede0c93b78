import { type RefObject, useLayoutEffect } from 'react'

/**
 * Gives `outer` the pixel height of `inner` as it changes, so the CSS height
 * transition (150 ms) can run; `auto` heights do not transition.
 * Skipped where ResizeObserver is missing: the modal just resizes instantly.
 */
export function useAnimatedHeight(outer: RefObject<HTMLElement | null>, inner: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const outerEl = outer.current
    const innerEl = inner.current
    if (!outerEl || !innerEl || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) outerEl.style.height = `${entry.borderBoxSize[0]?.blockSize ?? innerEl.offsetHeight}px`
    })
    observer.observe(innerEl)
    return () => {
      observer.disconnect()
      outerEl.style.removeProperty('height')
    }
  }, [outer, inner])
}
