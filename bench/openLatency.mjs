// Open latency of the built demo in Chromium, for `npm run bench` or alone
// (`node bench/openLatency.mjs`: builds the demo into dist/bench/demo-open first):
// pointerdown -> visible dialog and pointerdown -> usable view, first and warm, over
// RUNS fresh page loads, as median, min and max; and the heap after the first open.
// With `announced`, that many EIP-6963 wallets are announced before the page's scripts;
// with `query` (PORTICO_OPEN_QUERY alone), the demo page opens with that query string.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { ROOT, buildDemo } from '../build.mjs'
import { startDemoServer } from '../demo/server.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { trackNetwork } from '../scripts/networkQuiet.mjs'
import { announceWallets } from '../test/peers/crowdWallets.mjs'

const RUNS = Number(process.env.PORTICO_OPEN_RUNS ?? 25)
const OPEN_BUTTON = '[data-testid="open-modal"]'

// Runs in the page before the press: from the press on, each animation frame
// looks at the modal, and the promise it leaves on `window` resolves with two figures,
// both from the pointerdown's own time stamp (the page's performance.now() clock):
// - visible: the frame in which `dialog[open]` is laid out (the one the browser paints next);
// - usable: the frame in which the view's first control is there and can take focus.
// Polling with requestAnimationFrame counts the paint-ready frame, not just the DOM change.
// The polling starts once the press has been handled (the page's own listeners first: the
// kit's openers act on the click, the press only prepares), so a frame it asks for is one the open needs anyway.
function armOpenTiming() {
  const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]'
  let started
  addEventListener('pointerdown', (event) => (started = event.timeStamp), { capture: true, once: true })
  window.__porticoBenchOpen = new Promise((resolve, reject) => {
    addEventListener(
      'pointerdown',
      () => {
        let visible
        const poll = () => {
          const now = performance.now()
          const dialog = document.querySelector('portico-modal')?.shadowRoot?.querySelector('dialog[open]')
          const box = dialog?.getBoundingClientRect()
          if (visible === undefined && box && box.width > 0 && box.height > 0) visible = now - started
          const control = [...(dialog?.querySelectorAll(`.view ${FOCUSABLE.split(', ').join(', .view ')}`) ?? [])].find(
            (el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length > 0,
          )
          if (visible !== undefined && control) return resolve({ visible, usable: now - started })
          if (now - started > 10_000) return reject(new Error('the modal did not open within 10 s'))
          requestAnimationFrame(poll)
        }
        requestAnimationFrame(poll)
      },
      { once: true },
    )
  })
}

/** How long the pointer rests on the opener before the press: a person's hand is quicker than no one's. */
const HOVER_BEFORE_PRESS_MS = 100

/**
 * A real click on the opener (pointerdown, mousedown, pointerup, mouseup, click, as
 * a person's), timed in the page. As a person does, the pointer reaches the button
 * first and presses it a moment later: pressing in the same instant as the move made the
 * browser handle the move and hover inside the timed window (about 4.5 ms of a cold
 * open). Playwright compiles its in-page helper on the first waitForFunction of a page,
 * 10-19 ms of script: done once before the click, so that cost is not inside it either.
 */
async function timedOpen(page, onPress = () => undefined) {
  await page.waitForFunction(() => true)
  const box = await (await page.$(OPEN_BUTTON)).boundingBox()
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.waitForTimeout(HOVER_BEFORE_PRESS_MS)
  await page.evaluate(armOpenTiming)
  onPress()
  await page.mouse.down()
  await page.mouse.up()
  return page.evaluate(() => window.__porticoBenchOpen)
}

/** usedJSHeapSize after a full GC (Chromium runs with --expose-gc), so garbage does not blur the figure. */
const usedHeapAfterGc = () => {
  globalThis.gc?.()
  return performance.memory?.usedJSHeapSize ?? null
}

const isClosed = () => !document.querySelector('portico-modal')?.shadowRoot?.querySelector('dialog[open]')

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const round1 = (value) => Number(value.toFixed(1))
const spread = (values) => ({ medianMs: round1(median(values)), minMs: round1(Math.min(...values)), maxMs: round1(Math.max(...values)) })

/**
 * One fresh page load (a new context: empty cache): the first click on the settled
 * page, then Escape and a second, warm click on the same page.
 */
async function openOnFreshPage(browser, url, announced) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    if (announced > 0) await page.addInitScript(announceWallets, announced)
    // The JS that arrives after the load event and before the press: what `prefetch` moves ahead of the click.
    let pressed = false
    const aheadOfClick = []
    page.on('response', (response) => {
      if (!pressed && new URL(response.url()).pathname.endsWith('.js'))
        aheadOfClick.push(
          response.body().then(
            (body) => gzipSync(body, { level: 9 }).length,
            () => 0,
          ),
        )
    })
    await page.goto(url, { waitUntil: 'load' })
    aheadOfClick.length = 0
    const button = await page.waitForSelector(OPEN_BUTTON, { timeout: 5_000 }).catch(() => null)
    if (!button) return { heapAfterLoad: await page.evaluate(usedHeapAfterGc) }
    // A visitor clicks a settled page, not one still booting: the first open is timed once
    // the network has been quiet for 500 ms (what the page fetches ahead of need has arrived).
    await page.waitForLoadState('networkidle')
    const quiet = trackNetwork(page)
    const cold = await timedOpen(page, () => (pressed = true))
    const beforeClickGzip = (await Promise.all(aheadOfClick)).reduce((sum, bytes) => sum + bytes, 0)
    const heapAfterOpen = await page.evaluate(usedHeapAfterGc)
    // The second open too is timed on a settled page: what the first open started (the
    // plugins it activates, their code, analytics posts, for about 350 ms) has arrived,
    // as it has for a visitor who looks at the modal before closing it and opening it again.
    await quiet(500, 10_000)
    await page.keyboard.press('Escape')
    const deadline = Date.now() + 5_000
    while (!(await page.evaluate(isClosed))) {
      if (Date.now() > deadline) throw new Error('bench: Escape did not close the modal')
      await page.waitForTimeout(10)
    }
    // Let the close settle (focus return, a frame or two) before the warm click.
    await page.waitForTimeout(100)
    const warm = await timedOpen(page)
    return { cold, warm, heapAfterOpen, beforeClickGzip }
  } finally {
    await context.close()
  }
}

export async function measureOpen(root, { announced = 0, query = '' } = {}) {
  if (!existsSync(CHROMIUM_PATH)) return { openLatencyMs: `n/a (${CHROMIUM_PATH} missing)` }
  const server = await startDemoServer({ port: 0, root })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  })
  try {
    const url = query ? `${server.url}/?${query}` : server.url
    const first = await openOnFreshPage(browser, url, announced)
    if (first.cold === undefined) {
      return { openLatencyMs: 'n/a (no open button yet)', heapAfterLoadBytes: first.heapAfterLoad }
    }
    const runs = [first]
    while (runs.length < RUNS) runs.push(await openOnFreshPage(browser, url, announced))
    const cold = spread(runs.map((r) => r.cold.visible))
    return {
      runs: RUNS,
      announcedWallets: announced,
      openLatencyMs: cold.medianMs,
      openLatencyMinMaxMs: [cold.minMs, cold.maxMs],
      // pointerdown -> dialog[open] laid out, and -> the view's first control focusable.
      firstOpen: cold,
      secondOpen: spread(runs.map((r) => r.warm.visible)),
      firstOpenUsable: spread(runs.map((r) => r.cold.usable)),
      secondOpenUsable: spread(runs.map((r) => r.warm.usable)),
      heapAfterOpenBytes: median(runs.map((r) => r.heapAfterOpen)),
      // JS (gzip -9) fetched after the load event and before the first press: the prefetch.
      beforeClickJsGzip: median(runs.map((r) => r.beforeClickGzip)),
    }
  } finally {
    await browser.close()
    await server.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outdir = 'dist/bench/demo-open'
  await buildDemo({ outdir })
  const announced = Number(process.env.PORTICO_OPEN_ANNOUNCED ?? 0)
  // PORTICO_OPEN_QUERY=prefetch=none: the demo page with that query (demo/config.ts reads it).
  console.log(JSON.stringify(await measureOpen(join(ROOT, outdir), { announced, query: process.env.PORTICO_OPEN_QUERY ?? '' }), null, 2))
}
