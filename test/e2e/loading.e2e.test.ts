// What downloads when, in real Chromium on the built demo (a plugin's manifest
// now, its body later: disabled features are never loaded; nothing loads at start-up
// that the first screen does not show; a body loads the first time it is needed).
// Chunk files come from the build's metafile, never from guessed hashes. Port 8545
// is the demo network's RPC (demo/config.ts), so this file needs it free.
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { HardhatNode } from '../peers/hardhat.ts'
import type { TestWalletHandle } from '../peers/testWallet.ts'
import { type DemoServer, type RecordedPage, launchBrowser } from './harness.ts'
import {
  type PrivateDemo,
  assertCleanPage,
  buildPrivateDemo,
  connectThroughModal,
  inModal,
  openPage,
  requestsFor,
  startDemoChain,
  startPrivateDemo,
  throwFirstFailure,
  valueOf,
  waitForModal,
  waitForView,
  withTestWallet,
} from './modalHarness.ts'

let browser: Browser
let build: PrivateDemo
let demo: DemoServer
let demoChain: HardhatNode
const pages: RecordedPage[] = []
let chunks: { receive: string; modal: string; eip155: string }

beforeAll(async () => {
  const started = await Promise.allSettled([buildPrivateDemo(), launchBrowser(), startDemoChain()])
  build = valueOf(started[0])!
  browser = valueOf(started[1])!
  demoChain = valueOf(started[2])!
  throwFirstFailure(started)
  demo = await startPrivateDemo(build)
  chunks = {
    receive: build.chunkOf('plugins/receive/body.tsx'),
    modal: build.chunkOf('shell/modal/modalChunk.ts'),
    eip155: build.chunkOf('plugins/namespaces/eip155/body.ts'),
  }
})
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close()))
})
afterAll(async () => {
  await browser?.close()
  await demo?.close()
  await demoChain?.stop()
  await build?.dispose()
})

/** The demo at `path` with the test wallet as its only wallet (`devwallet=off` leaves the demo's own out). */
async function open(path: string) {
  let wallet!: TestWalletHandle
  const url = new URL(path, demo.url)
  url.searchParams.set('devwallet', 'off')
  const recorded = await openPage(browser, url.href, {
    before: withTestWallet({ rpcUrls: { 31337: demoChain.url }, knownChainIds: [31337] }, (w) => (wallet = w)),
  })
  pages.push(recorded)
  return { recorded, page: recorded.page, wallet }
}

/** How often each chunk of interest was requested so far. */
const counts = (recorded: RecordedPage) => ({
  receive: requestsFor(recorded.requests, chunks.receive).length,
  modal: requestsFor(recorded.requests, chunks.modal).length,
  eip155: requestsFor(recorded.requests, chunks.eip155).length,
})

const scriptsRequested = (recorded: RecordedPage) => [...new Set(recorded.requests.map((url) => new URL(url).pathname).filter((path) => path.endsWith('.js')))].sort()

describe('lazy loading (a plugin body loads on first use; nothing at start-up the first screen does not show)', () => {
  it('the chunks are distinct files of the build: the receive body, the modal, the eip155 body', () => {
    expect(new Set(Object.values(chunks)).size).toBe(3)
    const initial = build.initialScripts()
    expect(initial).toContain('/assets/main.js')
    for (const chunk of Object.values(chunks)) expect(initial).not.toContain(chunk)
  })

  it("on /, a load fetches main.js and its static imports; after the load event only the modal chunk follows, from the page's origin, on idle; the eip155 body comes with the first open, the receive body when Receive is first shown, once", async () => {
    const { recorded, page, wallet } = await open('/')
    // The first screen: the initial closure of the build; of the kit's chunks behind import()
    // only the modal's, requested on idle after the load event, from the page's own origin.
    await page.waitForLoadState('networkidle')
    const atLoad = scriptsRequested(recorded)
    expect(atLoad).toEqual(expect.arrayContaining(build.initialScripts()))
    expect(build.lazyKitChunks()).toEqual(expect.arrayContaining(Object.values(chunks)))
    // (The analytics sender the demo configures, to its own server, loads at start by design.)
    const analyticsSender = build.chunkOf('kernel/analytics/analytics.ts')
    // The Connect view is rendered ahead of the first open into the closed dialog: with the
    // modal's chunk come the code of the email and social sections it shows (the email and
    // socials plugins and the auth plugin they bring) and the container plugins activate in.
    // Not the secure frame.
    const connectView = [
      chunks.modal,
      build.chunkOf('plugins/email/body.tsx'),
      build.chunkOf('plugins/socials/body.tsx'),
      build.chunkOf('plugins/auth/body.ts'),
      build.chunkOf('kernel/container/tsyringe.ts'),
    ]
    expect(atLoad.filter((path) => build.lazyKitChunks().includes(path) && path !== analyticsSender).sort()).toEqual(connectView.sort())
    expect(recorded.requests.filter((url) => new URL(url).port === '8700')).toEqual([])
    expect(counts(recorded)).toEqual({ receive: 0, modal: 1, eip155: 0 })
    const timing = await page.evaluate((modal) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const request = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === modal)!
      return { loadEventEnd: navigation.loadEventEnd, requested: request.startTime, origin: new URL(request.name).origin === location.origin }
    }, chunks.modal)
    expect(timing.origin).toBe(true)
    expect(timing.requested).toBeGreaterThanOrEqual(timing.loadEventEnd)

    // The first open downloads the wallet discovery it shows, not Receive.
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('button', { name: 'Portico Test Wallet' }).waitFor()
    expect(counts(recorded)).toEqual({ receive: 0, modal: 1, eip155: 1 })
    await page.keyboard.press('Escape')
    await waitForModal(page, false)

    // Connected, Account offers Receive: still not downloaded.
    await connectThroughModal(page, wallet.address)
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Account')
    const receiveButton = inModal(page).getByRole('button', { name: 'Receive' })
    await receiveButton.waitFor()
    expect(counts(recorded).receive).toBe(0)

    // Shown for the first time: downloaded now, once; a second visit reuses it.
    await receiveButton.click()
    await waitForView(page, 'Receive')
    await inModal(page).getByTestId('receive-address').waitFor()
    expect(counts(recorded)).toEqual({ receive: 1, modal: 1, eip155: 1 })
    await inModal(page).getByRole('button', { name: 'Back' }).click()
    await waitForView(page, 'Account')
    await inModal(page).getByRole('button', { name: 'Receive' }).click()
    await waitForView(page, 'Receive')
    expect(counts(recorded)).toEqual({ receive: 1, modal: 1, eip155: 1 })
    assertCleanPage(recorded)
  })

  it('on /?disable=receive, the receive body is never requested: not on open, not on Account (which has no Receive button), not when the Receive view is asked for', async () => {
    const { recorded, page, wallet } = await open('/?disable=receive')
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await page.keyboard.press('Escape')
    await waitForModal(page, false)

    await connectThroughModal(page, wallet.address)
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Account')
    await inModal(page).getByTestId('portico-account-balance').waitFor()
    expect(await inModal(page).getByRole('button', { name: 'Receive' }).count()).toBe(0)
    expect(await inModal(page).locator('[data-feature="receive"]').count()).toBe(0)
    await page.keyboard.press('Escape')
    await waitForModal(page, false)

    // Even asked for by name, a disabled feature's view is not there: the modal shows its
    // default view, the developer is told in the console, and nothing downloads.
    await page.getByRole('button', { name: 'Open Receive view' }).click()
    await waitForView(page, 'Account')
    // A download, had one started, would have been requested by now.
    await page.waitForTimeout(250)
    expect(counts(recorded)).toEqual({ receive: 0, modal: 1, eip155: 1 })
    assertCleanPage(recorded, [/no view "Receive": neither the shell nor an enabled plugin provides it/])
  })
})
