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
    startWithinHeldHeight(outerEl)
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

/**
 * The frame arriving in a dialog that opened before the modal's code, at the height the host
 * holds (its min-height until the frame reports in): a view taller than that, with a wallet
 * discovered meanwhile, made its first frame 58 px taller at once. Set in the commit, before
 * that frame's paint, the body starts at the height that keeps the dialog where it was, and
 * the height transition takes it from there to the content's.
 */
function startWithinHeldHeight(outer: HTMLElement): void {
  const dialog = outer.closest('dialog')
  if (!dialog?.open) return
  const held = Number.parseFloat(getComputedStyle(dialog).minHeight) || 0
  const excess = dialog.getBoundingClientRect().height - held
  if (held === 0 || excess <= 0) return
  outer.style.height = `${outer.getBoundingClientRect().height - excess}px`
  // Laid out now, so setting the content's height next is a transition from here.
  outer.getBoundingClientRect()
}
