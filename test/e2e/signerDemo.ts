// For the browser tests of wallets that sign in Node and need no chain node behind the
// page (Bitcoin, Polkadot): one private build of the demo (strict CSP, its Blockchain API)
// and one Chromium per test file, pages on one of the demo's networks, and what the demo's
// panels and Account view show.
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { type ServedDemo, buildAndServeDemo, modal, text } from './evmSupport.ts'
import { type RecordedPage, launchBrowser } from './harness.ts'
import { expectNoAxeViolations, openPage, throwFirstFailure, valueOf, waitForView } from './modalHarness.ts'

/**
 * Registers the file's beforeAll/afterAll (build and browser) and afterEach (each
 * test's pages closed). `open` loads the demo with its dev wallet off, runs `install`
 * before the page's first byte (the test wallet), and picks `network` in the demo's
 * network select.
 */
export function useSignerDemo() {
  let demo: ServedDemo | undefined
  let browser: Browser | undefined
  const pages: RecordedPage[] = []
  beforeAll(async () => {
    const started = await Promise.allSettled([buildAndServeDemo(), launchBrowser()])
    demo = valueOf(started[0])
    browser = valueOf(started[1])
    throwFirstFailure(started)
  })
  afterAll(async () => {
    await browser?.close()
    await demo?.dispose()
  })
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((p) => p.context.close()))
  })
  return {
    async open<W>(network: string, install: (page: Page) => Promise<W>): Promise<RecordedPage & { wallet: W }> {
      let wallet: W | undefined
      const recorded = await openPage(browser!, `${demo!.server.url}/?devwallet=off`, { before: async (page) => (wallet = await install(page)) })
      pages.push(recorded)
      await recorded.page.getByLabel('Switch network').selectOption({ label: network })
      await expect.poll(() => text(recorded.page, 'network-name')).toBe(network)
      return { ...recorded, wallet: wallet! }
    },
  }
}

/** A demo panel's `<output data-testid=… data-kind>` once it is no longer pending. */
export async function panelResult(page: Page, testId: string): Promise<{ kind: string | null; text: string }> {
  const output = page.getByTestId(testId)
  await expect.poll(() => output.getAttribute('data-kind'), { timeout: 20_000 }).not.toBe('pending')
  return { kind: await output.getAttribute('data-kind'), text: await output.innerText() }
}

/** Opens the modal on Account: `address` whole in the title, 4 … 6 characters shown; axe finds nothing. */
export async function expectAccountShown(page: Page, address: string, label: string): Promise<void> {
  await page.getByTestId('open-modal').click()
  await waitForView(page, 'Account')
  const shown = modal(page).getByTestId('portico-account-address')
  expect(await shown.getAttribute('title')).toBe(address)
  expect(await shown.innerText()).toBe(`${address.slice(0, 4)}…${address.slice(-6)}`)
  await expectNoAxeViolations(page, label)
}
