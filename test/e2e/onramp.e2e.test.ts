// Issue 17: on-ramp through the demo, as a person uses it, with the demo's dev wallet (Hardhat
// key #0) on the demo's Hardhat chain: Buy opens the OnRampProviders view; choosing Coinbase
// opens the demo's stand-in of Coinbase's page (demo/peers/onrampStandIn.mjs) in a popup,
// which shows the address, network and asset the URL carried; its Buy form delivers the
// purchase on Hardhat from the stand-in's account, and Activity lists it as bought.
// Ports: 8545/8546, the demo's chains, 8702, its API, and 8710, the stand-ins (demo/config.ts).
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi } from '../../demo/peers/api.ts'
import { type OnRampStandIn, startOnRampStandIn } from '../../demo/peers/onrampStandIn.mjs'
import type { ApiServer } from '../../servers/api/index.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode } from '../peers/hardhat.ts'
import { connectDevWallet } from './devWalletSupport.ts'
import { type DemoPage, type ServedDemo, assertCleanPage, buildAndServeDemo, currentView, modal, openDemo, startDemoChains } from './evmSupport.ts'
import { launchBrowser } from './harness.ts'
import { expectNoAxeViolations } from './modalHarness.ts'

let node1: HardhatNode
let node2: HardhatNode
let demo: ServedDemo
let browser: Browser
let api: ApiServer
let standIn: OnRampStandIn
const pages: DemoPage[] = []

beforeAll(async () => {
  ;[node1, node2] = await startDemoChains()
  ;[demo, browser] = await Promise.all([buildAndServeDemo({ api: false }), launchBrowser()])
  api = await startDemoApi({ hostOrigins: [demo.server.url], rpcUrls: { 'eip155:31337': node1.url, 'eip155:31338': node2.url } })
  standIn = await startOnRampStandIn({ port: 8710, rpcUrl: node1.url })
}, 180_000)

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await standIn?.close()
  await api?.close()
  await demo?.dispose()
  await Promise.all([node1?.stop(), node2?.stop()])
})

const features = (page: Page) => modal(page).getByRole('group', { name: 'Wallet features' })
const field = (popup: Page, name: string) => popup.locator(`dd[data-field="${name}"]`).innerText()

/** Connects the dev wallet and opens the providers from the Account view's Buy. */
async function openProviders(): Promise<DemoPage> {
  const recorded = await openDemo(browser, demo.server.url, [], '')
  pages.push(recorded)
  const { page } = recorded
  await connectDevWallet(page)
  // SPEC §9 order: onramp first of the wallet features.
  await expect.poll(async () => (await features(page).getByRole('button').allInnerTexts())[0]).toBe('Buy')
  await features(page).getByRole('button', { name: 'Buy' }).click()
  await expect.poll(() => currentView(page)).toBe('OnRampProviders')
  return recorded
}

describe('On-ramp through the demo with the dev wallet (issue 17)', () => {
  it('the providers on Hardhat (eip155): Coinbase and Meld, each with its 1–2% fee; axe finds nothing', async () => {
    const recorded = await openProviders()
    const { page } = recorded
    const list = modal(page).getByRole('list', { name: 'On-ramp providers' })
    await expect.poll(() => list.getByRole('button').allInnerTexts()).toEqual(['Coinbase\n1–2% fee', 'Meld\n1–2% fee'])
    await expectNoAxeViolations(page, 'the OnRampProviders view')
    assertCleanPage(recorded)
  })

  it('Coinbase opens its stand-in in a popup with the address, network ethereum (the fallback for Hardhat) and ETH; the purchase it delivers shows in Activity as Bought', async () => {
    const recorded = await openProviders()
    const { page } = recorded
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      modal(page)
        .getByRole('button', { name: /^Coinbase/ })
        .click(),
    ])
    await popup.waitForLoadState('load')
    expect(popup.url().startsWith('http://127.0.0.1:8710/coinbase?')).toBe(true)
    expect(await field(popup, 'address')).toBe(HARDHAT_ACCOUNT_0.address)
    expect(await field(popup, 'network')).toBe('ethereum')
    expect(await field(popup, 'asset')).toBe('ETH')
    expect(await field(popup, 'amount')).toBe('100 USD')
    expect(await modal(page).getByTestId('onramp-status').innerText()).toBe('Continue in the Coinbase window. Your purchase shows in Activity once it arrives.')

    // The stand-in delivers 100 USD of ETH at 3000 USD from its own account on Hardhat.
    await popup.getByRole('button', { name: 'Buy ETH' }).click()
    await expect
      .poll(() =>
        popup
          .locator('[data-field="delivered"]')
          .innerText()
          .catch(() => ''),
      )
      .toBe(`Sent 0.033333333333333333 ETH to ${HARDHAT_ACCOUNT_0.address} on eip155:31337.`)
    await popup.close()

    await modal(page).getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await modal(page).getByRole('tab', { name: 'Activity', exact: true }).click()
    const bought = modal(page).getByTestId('activity-row').filter({ hasText: 'Bought' })
    await expect.poll(() => bought.count(), { timeout: 15_000 }).toBe(1)
    expect(await bought.getByTestId('activity-amount').innerText()).toBe('+0.033 ETH')
    // From the stand-in's delivery account, Hardhat #17 (0xbDA5747bFD65F08deb54cb465eB87D40e51B197E).
    expect(await bought.innerText()).toContain('from 0xbD…1B197E')
    assertCleanPage(recorded)
  })
})
