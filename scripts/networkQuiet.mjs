// Waiting out a page's requests, for the bench and the browser tests: what a page has
// asked for and not yet received (a telemetry post queued behind the browser's six
// connections per host) is held in its memory and competes for its main thread.

/**
 * Starts counting the page's requests in flight. The function it returns resolves once
 * none has been in flight for `quietMs`, and rejects after `timeoutMs`.
 * @param {import('playwright-core').Page} page
 * @returns {(quietMs: number, timeoutMs?: number) => Promise<void>}
 */
export function trackNetwork(page) {
  let inFlight = 0
  let lastChange = Date.now()
  const change = (delta) => () => {
    inFlight += delta
    lastChange = Date.now()
  }
  page.on('request', change(1))
  page.on('requestfinished', change(-1))
  page.on('requestfailed', change(-1))
  return async (quietMs, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs
    while (inFlight > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`the page's requests did not settle within ${timeoutMs} ms (${inFlight} in flight)`)
      await page.waitForTimeout(50)
    }
  }
}
