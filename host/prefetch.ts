/**
 * Elements that open the modal when pressed: the pointer entering one, or focus
 * reaching it, is the moment to fetch the modal's code if idle time has not yet.
 * An app marks its own opener with `data-portico-opener`.
 */
export const OPENER_SELECTOR = '[data-portico-opener], portico-button, portico-network-button, portico-account-button'

/** The opener an event went through, if any (looking into open shadow roots). */
export const openerOf = (event: Event): Element | undefined =>
  event.composedPath().find((target): target is Element => target instanceof Element && target.matches(OPENER_SELECTOR))

/**
 * True when the renderer's chunks come from the page's own origin. Chunks are
 * emitted beside the module that imports them, so a module served from another
 * origin (a CDN) would make an early request a third-party one: no early request
 * then, the code is fetched when the visitor opens the modal.
 */
export function servedFromPage(moduleUrl: string): boolean {
  try {
    return new URL(moduleUrl, location.href).origin === location.origin
  } catch {
    return false
  }
}

const whenIdle = (run: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 })
  else setTimeout(run, 1)
}

/**
 * Calls `fetchCode` once the page has loaded, on the first idle moment, or
 * earlier when the pointer enters or focus reaches an opener (after load too:
 * nothing competes with the page's own first screen). `moduleUrl` is where this
 * code was loaded from: the renderer's chunks are served beside it. Returns the
 * cancel function.
 */
export function prefetchAfterLoad(fetchCode: () => void, moduleUrl: string = import.meta.url): () => void {
  if (typeof document === 'undefined' || !servedFromPage(moduleUrl)) return () => undefined
  const options = { capture: true, passive: true }
  let done = false
  const stop = () => {
    done = true
    removeEventListener('load', start)
    document.removeEventListener('pointerover', onIntent, options)
    document.removeEventListener('focusin', onIntent, options)
  }
  const fetchNow = () => {
    if (done) return
    stop()
    fetchCode()
  }
  const onIntent = (event: Event) => {
    if (openerOf(event)) fetchNow()
  }
  function start() {
    document.addEventListener('pointerover', onIntent, options)
    document.addEventListener('focusin', onIntent, options)
    whenIdle(fetchNow)
  }
  if (document.readyState === 'complete') start()
  else addEventListener('load', start, { once: true })
  return stop
}
