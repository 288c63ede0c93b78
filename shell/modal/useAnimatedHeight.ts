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
      // Rendered into the closed dialog ahead of the first open, the content has no box yet:
      // a 0 px height then would make the opening grow from nothing instead of showing at once.
      if (!entry || innerEl.getClientRects().length === 0) return
      outerEl.style.height = `${entry.borderBoxSize[0]?.blockSize ?? innerEl.offsetHeight}px`
    })
    observer.observe(innerEl)
    return () => {
      observer.disconnect()
      outerEl.style.removeProperty('height')
    }
  }, [outer, inner])
}
