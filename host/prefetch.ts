import type { PrefetchMode } from '../kernel/index.ts'

/**
 * Elements that open the modal when pressed: the pointer entering one, or focus
 * reaching it, is the moment to fetch the modal's code if idle time has not yet.
 * An app marks its own opener with `data-portico-opener`.
 */
export const OPENER_SELECTOR = '[data-portico-opener], portico-button, portico-network-button, portico-account-button'

/** The opener an event went through, if any (looking into open shadow roots). */
export const openerOf = (event: Event): Element | undefined =>
  event.composedPath().find((target): target is Element => target instanceof Element && target.matches(OPENER_SELECTOR))

const whenIdle = (run: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 })
  else setTimeout(run, 1)
}

/**
 * Calls `fetchCode` ahead of the click as `mode` says, never before the page has
 * loaded (nothing competes with the page's own first screen):
 * - `idle`: on the first idle moment, or earlier when the pointer enters or focus
 *   reaches an opener;
 * - `intent`: only when the pointer enters or focus reaches an opener;
 * - `none`: never; the code is fetched when the visitor opens the modal.
 * The code comes from where the app's bundler put its chunks, a host the page
 * already loads its own code from: not this module's URL, which a bundler
 * rewrites (webpack into the build machine's file path). Returns the cancel function.
 */
export function prefetchModalCode(mode: PrefetchMode, fetchCode: () => void): () => void {
  if (mode === 'none' || typeof document === 'undefined') return () => undefined
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
    if (mode === 'idle') whenIdle(fetchNow)
  }
  if (document.readyState === 'complete') start()
  else addEventListener('load', start, { once: true })
  return stop
}
