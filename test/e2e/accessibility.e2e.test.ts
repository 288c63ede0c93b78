// axe-core in real Chromium on every view of the modal reachable so far, on the built demo
// under its strict CSP, with the EIP-6963 test wallet and local Hardhat nodes.
// Ports: 8545 is the demo network's RPC (demo/config.ts), so this file needs it
// free; 8575 is this file's own node: the announced wallet's, and the one behind a
// chain id (31339) the demo does not configure.
import type { Browser, Route } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { HardhatNode } from '../peers/hardhat.ts'
import { startHardhat } from '../peers/hardhat.ts'
import type { TestWalletHandle } from '../peers/testWallet.ts'
import { type WalkLocale, WALK_LOCALES, expectAccessibleView, expectWalkDirection, inLocale, say } from './a11yChecks.ts'
import { type DemoServer, type RecordedPage, launchBrowser } from './harness.ts'
import {
  type PrivateDemo,
  TEST_WALLET_NAME,
  assertCleanPage,
  buildPrivateDemo,
  connectThroughModal,
  inModal,
  modalSnapshot,
  openPage,
  pendingApproval,
  startDemoChain,
  startPrivateDemo,
  throwFirstFailure,
  valueOf,
  waitForModal,
  waitForView,
  withTestWallet,
} from './modalHarness.ts'

/** A chain id no network of the demo has; the test wallet reaches it through the node on 8575. */
const FOREIGN_CHAIN_ID = 31339

let browser: Browser
let build: PrivateDemo
let demo: DemoServer
let demoChain: HardhatNode
let otherNode: HardhatNode
const pages: RecordedPage[] = []

beforeAll(async () => {
  const started = await Promise.allSettled([buildPrivateDemo(), launchBrowser(), startDemoChain(), startHardhat({ port: 8575 })])
  build = valueOf(started[0])!
  browser = valueOf(started[1])!
  demoChain = valueOf(started[2])!
  otherNode = valueOf(started[3])!
  throwFirstFailure(started)
  demo = await startPrivateDemo(build)
})
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close()))
})
afterAll(async () => {
  await browser?.close()
  await demo?.close()
  await Promise.all([demoChain?.stop(), otherNode?.stop()])
  await build?.dispose()
})

/** The walk's locale (each describe below sets it). */
let walk: WalkLocale

/** The demo in the walk's locale; with a test wallet installed, that wallet is its only one (`devwallet=off` leaves the demo's own out). */
async function open(options?: Parameters<typeof openPage>[2], path = options?.before ? '/?devwallet=off' : '/') {
  const recorded = await openPage(browser, inLocale(new URL(path, demo.url).href, walk), options)
  pages.push(recorded)
  return recorded
}

const openModal = async (page: RecordedPage['page'], view: string) => {
  await page.getByTestId('open-modal').click()
  const shown = await waitForView(page, view)
  await expectWalkDirection(page, walk)
  return shown
}

describe.each(WALK_LOCALES)('WCAG 2.2 AA on every view of the modal, in $locale ($dir)', (locale) => {
  beforeEach(() => {
    walk = locale
  })

  it('Connect, in the dark theme and in the light theme', async () => {
    const recorded = await open()
    const { page } = recorded
    await openModal(page, 'Connect')
    expect(await page.locator('portico-modal').getAttribute('data-theme')).toBe('dark')
    await expectAccessibleView(page, 'Connect (dark)')
    await page.keyboard.press('Escape')
    await waitForModal(page, false)

    await page.getByRole('button', { name: 'Toggle light / dark' }).click()
    await openModal(page, 'Connect')
    expect(await page.locator('portico-modal').getAttribute('data-theme')).toBe('light')
    await expectAccessibleView(page, 'Connect (light)')
    assertCleanPage(recorded)
  })

  it('browser wallets only and none found, behind the legal checkbox: Connect with its controls disabled, then enabled, then Get a wallet', async () => {
    const recorded = await open(undefined, '/?devwallet=off&wallets=browser&legal=on')
    const { page } = recorded
    await openModal(page, 'Connect')
    const modal = inModal(page)
    const getWallet = modal.getByRole('button', { name: say(walk, 'Get a wallet') })
    await getWallet.waitFor()
    await modal.getByText(say(walk, 'No wallet found in this browser')).waitFor()
    // Nothing connects until the box is checked.
    expect(await getWallet.isDisabled()).toBe(true)
    await expectAccessibleView(page, 'Connect with the legal checkbox unchecked and no wallet found')
    await modal.getByRole('checkbox').check()
    expect(await getWallet.isDisabled()).toBe(false)
    await expectAccessibleView(page, 'Connect with the legal checkbox checked')
    await getWallet.click()
    await waitForView(page, 'GetWallet')
    const links = modal.getByRole('list', { name: say(walk, 'Wallets to install') }).getByRole('link')
    expect(await links.count()).toBeGreaterThan(0)
    expect(await links.evaluateAll((as) => as.map((a) => [a.getAttribute('target'), a.getAttribute('rel')]))).toEqual(
      Array.from({ length: await links.count() }, () => ['_blank', 'noopener noreferrer']),
    )
    await expectAccessibleView(page, 'Get a wallet')
    assertCleanPage(recorded)
  })

  it('Connect with a test wallet announced, then ConnectingExternal waiting for the wallet and after a 4001 refusal', async () => {
    const prompt = pendingApproval(true)
    let wallet!: TestWalletHandle
    const recorded = await open({
      before: withTestWallet({ rpcUrls: { 31337: otherNode.url }, knownChainIds: [31337], approve: prompt.approve }, (w) => (wallet = w)),
    })
    const { page } = recorded
    await openModal(page, 'Connect')
    const walletButton = inModal(page).getByRole('button', { name: TEST_WALLET_NAME })
    await walletButton.waitFor()
    await expectAccessibleView(page, 'Connect with an announced wallet')

    await walletButton.click()
    await waitForView(page, 'ConnectingExternal')
    await prompt.wasAsked
    await inModal(page)
      .getByText(say(walk, 'Continue in {wallet}', { wallet: TEST_WALLET_NAME }))
      .waitFor()
    await expectAccessibleView(page, 'ConnectingExternal (waiting for the wallet)')

    prompt.answer(false)
    await inModal(page).getByText(say(walk, 'Connection declined')).waitFor()
    await expectAccessibleView(page, 'ConnectingExternal (declined, 4001)')

    // Try again: the wallet approves, the kernel closes the modal.
    await inModal(page)
      .getByRole('button', { name: say(walk, 'Try again') })
      .click()
    await waitForModal(page, false)
    expect(wallet.prompts.map((p) => [p.method, p.approved])).toEqual([
      ['eth_requestAccounts', false],
      ['eth_requestAccounts', true],
    ])
    assertCleanPage(recorded)
  })

  it('Account, the Receive view while loading, its load error with Retry, Receive itself, then UnsupportedChain', async () => {
    let wallet!: TestWalletHandle
    const recorded = await open({
      before: withTestWallet({ rpcUrls: { 31337: demoChain.url, [FOREIGN_CHAIN_ID]: otherNode.url }, knownChainIds: [31337, FOREIGN_CHAIN_ID] }, (w) => (wallet = w)),
    })
    const { page } = recorded
    await connectThroughModal(page, wallet.address)

    await openModal(page, 'Account')
    await inModal(page).getByTestId('portico-account-balance').waitFor()
    await expectAccessibleView(page, 'Account')

    // The receive plugin's body: held, then aborted once, then let through.
    const receiveChunk = build.chunkOf('plugins/receive/body.tsx')
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const hold = async (route: Route) => {
      await released
      await route.abort('failed')
    }
    await page.route(`**${receiveChunk}`, hold)
    await inModal(page)
      .getByRole('button', { name: say(walk, 'Receive') })
      .click()
    await inModal(page).getByTestId('portico-view-loading').waitFor()
    await expectAccessibleView(page, 'the view-loading state')

    release()
    await inModal(page).getByTestId('portico-view-error').waitFor()
    await inModal(page).getByTestId('portico-alert').waitFor()
    await expectAccessibleView(page, 'the view-error state with Retry (and its alert)')

    await page.unroute(`**${receiveChunk}`, hold)
    await inModal(page)
      .getByRole('button', { name: say(walk, 'Retry') })
      .click()
    await waitForView(page, 'Receive')
    await inModal(page).getByTestId('receive-address').waitFor()
    expect(await inModal(page).getByTestId('receive-address').innerText()).toBe(wallet.address)
    await expectAccessibleView(page, 'Receive')
    await page.keyboard.press('Escape')
    await waitForModal(page, false)

    // The wallet moves to a chain the app does not configure: UnsupportedChain opens.
    await wallet.setChain(FOREIGN_CHAIN_ID)
    await waitForView(page, 'UnsupportedChain')
    await expectAccessibleView(page, 'UnsupportedChain')
    // Picking the demo's chain switches the wallet back and the kernel closes the modal.
    await inModal(page).getByRole('button', { name: 'Hardhat', exact: true }).click()
    await waitForModal(page, false)
    expect(wallet.state().chainId).toBe(31337)

    assertCleanPage(recorded, [
      // What an aborted chunk leaves in the console: the failed request, and the kit's log of the failed plugin.
      /Failed to load resource: net::ERR_FAILED/,
      /\[Portico\] plugin "receive" failed to load/,
    ])
  })

  it("a connected account: every Account tab and every wallet feature's view (whatever the demo's plugins contribute), under the strict CSP", async () => {
    let wallet!: TestWalletHandle
    const recorded = await open({
      before: withTestWallet({ rpcUrls: { 31337: demoChain.url }, knownChainIds: [31337] }, (w) => (wallet = w)),
    })
    const { page } = recorded
    const csp = (await page.request.get(demo.url)).headers()['content-security-policy'] ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    await connectThroughModal(page, wallet.address)
    await openModal(page, 'Account')

    const tabs = inModal(page).getByRole('tab')
    const tabNames = await tabs.allInnerTexts()
    expect(tabNames).toEqual(expect.arrayContaining(['Tokens', 'NFTs', 'Activity'].map((name) => say(walk, name))))
    for (const name of tabNames) {
      await inModal(page).getByRole('tab', { name, exact: true }).click()
      await expect.poll(() => inModal(page).getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true')
      await inModal(page).getByRole('tabpanel').waitFor()
      await expectAccessibleView(page, `the Account view's ${name} tab`)
    }

    // The wallet features row from 320 to 430 px: every label on one line, every icon whole inside its button.
    const viewport = page.viewportSize()!
    for (const width of [320, 360, 390, 430]) {
      await page.setViewportSize({ width, height: 844 })
      const laidOut = await page.evaluate(() => {
        const buttons = document.querySelector('portico-modal')!.shadowRoot!.querySelectorAll('.features button')
        return [...buttons].map((button) => {
          const text = [...button.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE)
          const lines = new Set(
            text.flatMap((node) => {
              const r = document.createRange()
              r.selectNodeContents(node)
              return [...r.getClientRects()].map((rect) => Math.round(rect.top))
            }),
          )
          const box = button.getBoundingClientRect()
          const icon = button.querySelector('svg')?.getBoundingClientRect()
          const whole = !icon || (icon.left >= box.left && icon.right <= box.right && icon.top >= box.top && icon.bottom <= box.bottom && icon.width >= 20)
          return `${button.textContent}: ${lines.size} line(s), icon ${whole ? 'whole' : 'cut'}, ${button.scrollWidth <= button.clientWidth ? 'fits' : 'overflows'}`
        })
      })
      expect(laidOut, `the wallet features row at ${width} px`).toEqual(laidOut.map((row) => `${row.split(':')[0]}: 1 line(s), icon whole, fits`))
    }
    await page.setViewportSize(viewport)

    // The wallet features row lists what the plugins contribute: each opens its view, then Back returns to Account.
    const features = inModal(page)
      .getByRole('group', { name: say(walk, 'Wallet features') })
      .getByRole('button')
    const featureNames = await features.allInnerTexts()
    expect(featureNames).toEqual(expect.arrayContaining(['Send', 'Receive', 'Swap', 'Register name'].map((name) => say(walk, name))))
    const seen: string[] = []
    for (const name of featureNames) {
      await inModal(page)
        .getByRole('group', { name: say(walk, 'Wallet features') })
        .getByRole('button', { name, exact: true })
        .click()
      // A plugin's view may show the loading state first, while its body downloads.
      await expect.poll(async () => (await modalSnapshot(page)).view ?? 'Account').not.toBe('Account')
      await expect.poll(() => inModal(page).getByTestId('portico-view-loading').count()).toBe(0)
      const { view } = await modalSnapshot(page)
      seen.push(`${name} -> ${view}`)
      await expectAccessibleView(page, `${name} (${view})`)
      await inModal(page)
        .getByRole('button', { name: say(walk, 'Back'), exact: true })
        .click()
      await waitForView(page, 'Account')
    }
    const opens = { Send: 'WalletSend', Receive: 'Receive', Swap: 'Swap', 'Register name': 'RegisterAccountName' }
    expect(seen).toEqual(expect.arrayContaining(Object.entries(opens).map(([name, view]) => `${say(walk, name)} -> ${view}`)))
    assertCleanPage(recorded)
  })

  it('the mobile bottom sheet (390x844): full width, on the bottom edge', async () => {
    const recorded = await open({ viewport: { width: 390, height: 844 } })
    const { page } = recorded
    await openModal(page, 'Connect')
    const box = await page.evaluate(() => {
      const rect = document.querySelector('portico-modal')!.shadowRoot!.querySelector('dialog')!.getBoundingClientRect()
      return { left: rect.left, width: rect.width, bottom: rect.bottom }
    })
    expect(box).toEqual({ left: 0, width: 390, bottom: 844 })
    await expectAccessibleView(page, 'Connect as a bottom sheet')
    expect(await modalSnapshot(page)).toMatchObject({ open: true })
    assertCleanPage(recorded)
  })
})
