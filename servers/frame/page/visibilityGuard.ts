/** How long the panel must have been seen, uncovered and whole, before Approve turns on. */
export const VISIBLE_FOR_MS = 500
/** IntersectionObserver v2's sampling interval (100 ms is the least it accepts). */
export const VISIBILITY_DELAY_MS = 100

/** IntersectionObserver v2's option and field, not yet in TypeScript's DOM types. */
interface VisibilityInit extends IntersectionObserverInit {
  trackVisibility: boolean
  delay: number
}

/**
 * Watches whether `target` is seen: whole in the viewport (of the top page too: the frame
 * may be scrolled partly away), its document shown, and, where the browser has
 * IntersectionObserver v2, nothing drawn over it and no opacity, filter or transform on
 * it or on the iframe. `onChange(true)` comes only after `VISIBLE_FOR_MS` of that without
 * a break, so a cover lifted just before a click does not hand the click to Approve.
 * Without v2 a cover cannot be detected; the delay still guards a frame moved under the
 * pointer. Returns the stop function.
 */
export function watchVisibility(target: Element, onChange: (visible: boolean) => void): () => void {
  const doc = target.ownerDocument
  const win = doc.defaultView!
  const trackVisibility = 'isVisible' in win.IntersectionObserverEntry.prototype
  let seen = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let reported: boolean | undefined

  const report = (visible: boolean) => {
    if (visible !== reported) onChange((reported = visible))
  }
  const update = () => {
    const visible = seen && doc.visibilityState === 'visible'
    if (!visible) {
      clearTimeout(timer)
      timer = undefined
      report(false)
    } else if (timer === undefined && !reported) {
      timer = setTimeout(() => report(true), VISIBLE_FOR_MS)
    }
  }
  const observer = new win.IntersectionObserver(
    (entries) => {
      const entry = entries.at(-1)!
      const whole = entry.isIntersecting && entry.intersectionRatio >= 1
      seen = whole && (!trackVisibility || (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible)
      update()
    },
    { threshold: [0, 1], trackVisibility, delay: VISIBILITY_DELAY_MS } as VisibilityInit,
  )
  observer.observe(target)
  doc.addEventListener('visibilitychange', update)
  report(false)
  return () => {
    observer.disconnect()
    doc.removeEventListener('visibilitychange', update)
    clearTimeout(timer)
  }
}
