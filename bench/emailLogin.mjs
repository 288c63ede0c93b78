// The embedded wallet's figures for `npm run bench`: the gzip bytes of the secure frame's
// page (what the iframe loads, and what it loads later), and how long email login takes
// to put a mail in the visitor's mailbox, measured on the built demo with its real local
// stack (the frame server on 8700, as demo/config.ts expects, and the SMTP sink).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { ROOT } from '../build.mjs'
import { startDemoServer } from '../demo/server.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { bundleServer } from '../servers/bundle.mjs'

const RUNS = 5

const gzip = (file) => gzipSync(readFileSync(join(ROOT, file)), { level: 9 }).length

/** frame.js with what it imports statically (the first load), the rest (loaded on first use), and the stylesheet. */
function framePageSizes(meta) {
  const main = Object.keys(meta.outputs).find((file) => file.endsWith('/frame.js'))
  const seen = new Set()
  const queue = [main]
  while (queue.length > 0) {
    const file = queue.pop()
    if (seen.has(file)) continue
    seen.add(file)
    for (const i of meta.outputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) queue.push(i.path)
  }
  const js = Object.keys(meta.outputs).filter((file) => file.endsWith('.js'))
  const css = Object.keys(meta.outputs).filter((file) => file.endsWith('.css'))
  return {
    frameJsGzip: gzip(main),
    firstLoadGzip: [...seen].reduce((sum, file) => sum + gzip(file), 0),
    laterGzip: js.filter((file) => !seen.has(file)).reduce((sum, file) => sum + gzip(file), 0),
    cssGzip: css.reduce((sum, file) => sum + gzip(file), 0),
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

async function mailTo(mailboxUrl, email, deadline = Date.now() + 15_000) {
  for (;;) {
    const [mail] = await (await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(email)}`)).json()
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`bench: no mail to ${email} within 15 s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * @param {{ demoRoot: string }} options the built demo to serve
 * @returns the frame page's bytes and, over fresh browser contexts (new devices), the time
 *   from the Continue click to the device-approval mail in the mailbox (median, min, max)
 */
export async function measureEmailLogin({ demoRoot }) {
  const outfile = join(ROOT, '.cache/bench/embedded.mjs')
  await bundleServer({ entry: 'demo/peers/embedded.ts', outfile })
  const { startEmbeddedStack, DEMO_PORTS } = await import(outfile)
  const demo = await startDemoServer({ port: 0, root: demoRoot })
  let stack
  let browser
  try {
    stack = await startEmbeddedStack({ hostOrigins: [demo.url], ports: { frame: DEMO_PORTS.frame } })
    const page = framePageSizes(stack.framePageMeta)
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
    const times = []
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext()
      try {
        const tab = await context.newPage()
        await tab.goto(`${demo.url}/?networks=evm&devwallet=off`, { waitUntil: 'load' })
        await tab.waitForLoadState('networkidle')
        await tab.getByTestId('open-modal').click()
        const modal = tab.locator('portico-modal')
        const field = modal.getByRole('textbox', { name: 'Email' })
        await field.fill(`bench-${run}-${Date.now().toString(36)}@example.com`)
        // The frame loads on the field's focus; timed from Continue, once it is there.
        const frame = await (await tab.locator('#w3m-iframe').elementHandle()).contentFrame()
        await frame.waitForLoadState('load')
        // READY, then the 500 ms the client waits after it, then the dapp data it sends.
        await tab.waitForTimeout(1_000)
        const email = await field.inputValue()
        const clicked = Date.now()
        await modal.getByRole('button', { name: 'Continue', exact: true }).click()
        const mail = await mailTo(stack.mailboxUrl, email)
        times.push(Date.parse(mail.receivedAt) - clicked)
      } finally {
        await context.close()
      }
    }
    return {
      framePage: page,
      continueToMailMs: { runs: RUNS, medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times) },
    }
  } finally {
    await browser?.close()
    await stack?.close()
    await demo.close()
  }
}
