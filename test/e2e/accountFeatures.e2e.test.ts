// Issue 14: the Account view's Tokens, NFTs and Activity tabs through the demo, as a person
// uses them, with the demo's dev wallet (Hardhat key #0) on the demo's Hardhat chain holding
// the demo's test tokens, and the Blockchain API (servers/api) indexing that chain where the
// demo expects it (endpoints.blockchainApi, 127.0.0.1:8702).
// Ports: 8545/8546 (the demo's chains), 8702 (the API).
import type { Browser, Page, Route } from 'playwright-core'
import { type Address, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deployDemoTokens } from '../../demo/peers/deployTokens.mjs'
import { DEMO_API_PORT, startDemoApi } from '../../demo/peers/api.ts'
import { DEMO_TOKENS } from '../../demo/peers/tokens.mjs'
import { DEV_WALLET_NAME } from '../../demo/devWallet/info.ts'
import type { ApiServer } from '../../servers/api/index.ts'
import { erc20Transfer, send } from '../../servers/api/test/chain.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode } from '../peers/hardhat.ts'
import { type DemoPage, type ServedDemo, assertCleanPage, buildAndServeDemo, chooseWallet, currentView, modal, openDemo, startDemoChains } from './evmSupport.ts'
import { launchBrowser, runAxe } from './harness.ts'

const API_PORT = DEMO_API_PORT
const [DEMO, DUSD, DPTS] = DEMO_TOKENS
const ADDRESS = HARDHAT_ACCOUNT_0.address as Address
let node1: HardhatNode
let node2: HardhatNode
let api: ApiServer
let demo: ServedDemo
let browser: Browser
const pages: DemoPage[] = []

beforeAll(async () => {
  // The demo's server and Chromium need no chain: they start while the tokens are deployed.
  const chains = startDemoChains().then(async (nodes) => (await deployDemoTokens(nodes[0].url), nodes))
  ;[[node1, node2], demo, browser] = await Promise.all([chains, buildAndServeDemo({ api: false }), launchBrowser()])
  api = await startDemoApi({ hostOrigins: [demo.server.url] })
}, 180_000)

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await api?.close()
  await demo?.dispose()
  await Promise.all([node1?.stop(), node2?.stop()])
})

/** The dev wallet's prompt: the page's own dialog, named by the wallet's label. */
const prompt = (page: Page) => page.getByRole('dialog', { name: DEV_WALLET_NAME })

/** The demo with the dev wallet connected and the modal open on the Account view. */
async function openAccount(): Promise<DemoPage> {
  const recorded = await openDemo(browser, demo.server.url, [], '')
  pages.push(recorded)
  const { page } = recorded
  await chooseWallet(page, DEV_WALLET_NAME)
  const dialog = prompt(page)
  await dialog.waitFor()
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
  await expect.poll(() => currentView(page)).toBeNull()
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
  return recorded
}

const tab = (page: Page, name: string) => modal(page).getByRole('tab', { name, exact: true })
const tokenRows = (page: Page) =>
  modal(page)
    .getByTestId('token-row')
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.getAttribute('data-symbol'),
        row.querySelector('[data-testid="token-amount"]')?.textContent,
        row.querySelector('[data-testid="token-value"]')?.textContent,
      ]),
    )
const activityRows = (page: Page) =>
  modal(page)
    .getByTestId('activity-row')
    .evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-hash'), row.querySelector('[data-testid="activity-amount"]')?.textContent]))

const axeOfModal = (page: Page) => runAxe(page, { fromShadowDom: ['portico-modal', 'dialog'] })

describe('Account tabs through the demo (issue 14)', () => {
  it('Tokens: the 18- and 6-decimal tokens with the API’s balances, no zero-decimal token; NFTs; tabs in order; axe finds nothing', async () => {
    const recorded = await openAccount()
    const { page } = recorded
    expect(await modal(page).getByRole('tab').allInnerTexts()).toEqual(['Tokens', 'NFTs', 'Activity'])
    await expect
      .poll(() => tokenRows(page), { timeout: 15_000 })
      .toEqual([
        ['ETH', expect.stringMatching(/ ETH$/), '$0.00'],
        ['DEMO', '1,000 DEMO', '$0.00'],
        ['DUSD', '1,000 DUSD', '$0.00'],
      ])
    // The API priced them (DEMO 2.5, DUSD 1); Hardhat is a testnet, so the tab shows 0.00 (§9).
    expect(DEMO.price).toBeGreaterThan(0)
    expect(DPTS.decimals).toBe(0)
    expect(await modal(page).getByTestId('tokens-total').innerText()).toBe('$0.00')
    expect(await axeOfModal(page)).toEqual([])

    await tab(page, 'NFTs').click()
    await expect.poll(() => modal(page).getByTestId('nft').count(), { timeout: 15_000 }).toBe(2)
    expect(await axeOfModal(page)).toEqual([])
    assertCleanPage(recorded)
  })

  it('Activity: a transfer made on the chain shows within seconds, under this month, signed −; axe finds nothing', async () => {
    const recorded = await openAccount()
    const { page } = recorded
    await tab(page, 'Activity').click()
    await modal(page).getByTestId('activity').or(modal(page).getByTestId('activity-empty')).waitFor({ timeout: 15_000 })
    const fresh = `0x${Date.now().toString(16).padStart(40, '0')}` as Address
    const sentAt = Date.now()
    const hash = await send(node1.url, { from: ADDRESS, to: DUSD.address, data: erc20Transfer(fresh, parseUnits('1.5', 6)) })
    await expect.poll(() => activityRows(page), { timeout: 12_000, interval: 250 }).toContainEqual([hash, '−1.5 DUSD'])
    console.info(`[account features] the transfer showed in Activity ${Date.now() - sentAt} ms after it was sent`)
    const month = new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date())
    const section = modal(page).getByRole('region', { name: month })
    expect(await section.locator(`[data-hash="${hash}"]`).count()).toBe(1)
    expect(await axeOfModal(page)).toEqual([])
    assertCleanPage(recorded)
  })

  it("the API answering 500: 'Failed to fetch transactions', and the app keeps working", async () => {
    const recorded = await openAccount()
    const { page } = recorded
    await page.route(`http://127.0.0.1:${API_PORT}/v1/account/*/history**`, (route: Route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"reason":"INTERNAL","message":"down"}' }),
    )
    await tab(page, 'Activity').click()
    await expect.poll(() => modal(page).getByTestId('activity-error').innerText(), { timeout: 15_000 }).toBe('Failed to fetch transactions')
    expect(await modal(page).getByTestId('activity-row').count()).toBe(0)
    expect(await axeOfModal(page)).toEqual([])
    // Still working: the Tokens tab, the Receive flow and back.
    await tab(page, 'Tokens').click()
    await expect.poll(() => modal(page).getByTestId('token-row').count(), { timeout: 15_000 }).toBe(3)
    // Once the API answers again, showing the tab again reads the list anew.
    await page.unroute(`http://127.0.0.1:${API_PORT}/v1/account/*/history**`)
    await tab(page, 'Activity').click()
    await modal(page).getByTestId('activity').or(modal(page).getByTestId('activity-empty')).waitFor({ timeout: 15_000 })
  })

  it("malformed answers are rejected by their schemas: 'Token Balance Unavailable' and 'Failed to fetch transactions', nothing crashes", async () => {
    const recorded = await openDemo(browser, demo.server.url, [], '')
    pages.push(recorded)
    const { page } = recorded
    const malformed = (body: unknown) => (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) })
    await page.route(`http://127.0.0.1:${API_PORT}/v1/balance/**`, malformed({ balances: [{ symbol: 'EVIL', quantity: 'lots' }] }))
    await page.route(`http://127.0.0.1:${API_PORT}/v1/account/*/history**`, malformed({ data: [{ id: 7, transfers: 'all of them' }], next: null }))
    await chooseWallet(page, DEV_WALLET_NAME)
    const dialog = prompt(page)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
    await expect.poll(() => currentView(page)).toBeNull()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modal(page).getByTestId('portico-snack').innerText(), { timeout: 15_000 }).toContain('Token Balance Unavailable')
    await modal(page).getByTestId('tokens-empty').waitFor()
    await tab(page, 'Activity').click()
    await expect.poll(() => modal(page).getByTestId('activity-error').innerText(), { timeout: 15_000 }).toBe('Failed to fetch transactions')
    // The rest of the Account view still works: Receive opens and shows the address.
    await modal(page).getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Receive' }).click()
    await expect.poll(() => modal(page).getByTestId('receive-address').innerText()).toBe(ADDRESS)
    assertCleanPage(recorded)
  })
})
