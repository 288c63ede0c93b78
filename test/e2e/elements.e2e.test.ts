// <portico-button>, <portico-account-button> and <portico-network-button> in real
// Chromium, on a page without React (test/e2e/elementsPage) served under the demo's
// strict CSP: styled by adopted sheets, axe-clean in both themes, usable by
// keyboard, and live through a real connection with the EIP-6963 test wallet. The page
// configures no analytics endpoint, so it must send none.
// Its Hardhat node is the run's shared chain on 8545 (any chain would do: the page takes its RPC URL).
import { rm } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer } from '../../demo/server.mjs'
import { HARDHAT_ACCOUNT_0, type HardhatNode, startHardhat } from '../peers/hardhat.ts'
import { type DemoServer, type RecordedPage, buildTestPage, launchBrowser } from './harness.ts'
import {
  TEST_WALLET_NAME,
  assertCleanPage,
  expectNoAxeViolations,
  focusSnapshot,
  inModal,
  openPage,
  throwFirstFailure,
  valueOf,
  waitForModal,
  waitForView,
  withTestWallet,
} from './modalHarness.ts'
import { expectPressDraggedOffOpensNothing } from './a11yChecks.ts'

const PAGE = 'test/e2e/elementsPage'
const ELEMENTS = ['portico-button', 'portico-account-button', 'portico-network-button'] as const
let browser: Browser
let node: HardhatNode
let server: DemoServer
let root: string
const pages: RecordedPage[] = []

beforeAll(async () => {
  const started = await Promise.allSettled([buildTestPage(PAGE, 'main.ts'), launchBrowser(), startHardhat({ port: 8545 })])
  root = valueOf(started[0])?.dir as string
  browser = valueOf(started[1])!
  node = valueOf(started[2])!
  throwFirstFailure(started)
  server = await startDemoServer({ port: 0, root })
})
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close()))
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await node?.stop()
  if (root) await rm(root, { recursive: true, force: true })
})

async function open(query: Record<string, string> = {}, before?: (page: Page) => Promise<unknown>) {
  const url = new URL('/', server.url)
  url.search = new URLSearchParams({ rpc: node.url, ...query }).toString()
  const recorded = await openPage(browser, url.href, before ? { before } : {})
  pages.push(recorded)
  await recorded.page.evaluate((names) => Promise.all(names.map((name) => customElements.whenDefined(name))), [...ELEMENTS])
  return recorded
}

/** The inner button's text and computed colours. */
function looks(page: Page, element: string) {
  return page.evaluate((name) => {
    const button = document.querySelector(name)?.shadowRoot?.querySelector('button')
    if (!button) throw new Error(`${name} has no button`)
    const style = getComputedStyle(button)
    return { text: button.textContent, background: style.backgroundColor, color: style.color, img: Boolean(button.querySelector('img')) }
  }, element)
}

const textOf = async (page: Page, element: string) => (await looks(page, element)).text

async function waitForText(page: Page, element: string, text: string | RegExp) {
  const deadline = Date.now() + 15_000
  let last = await textOf(page, element)
  while (typeof text === 'string' ? last !== text : !text.test(last ?? '')) {
    if (Date.now() > deadline) throw new Error(`${element} never read ${text}; last: ${last}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
    last = await textOf(page, element)
  }
}

describe('the elements on a page without React, under a strict CSP', () => {
  it('are styled by adopted sheets in the dark theme and pass axe', async () => {
    const recorded = await open()
    const { page } = recorded
    expect(await looks(page, 'portico-button')).toEqual({ text: 'Connect Wallet', background: 'rgb(37, 99, 235)', color: 'rgb(255, 255, 255)', img: false })
    expect(await looks(page, 'portico-account-button')).toMatchObject({ text: 'Connect Wallet', background: 'rgb(37, 99, 235)' })
    expect(await looks(page, 'portico-network-button')).toEqual({ text: 'Hardhat', background: 'rgb(31, 31, 31)', color: 'rgb(242, 242, 242)', img: true })
    await expectNoAxeViolations(page, 'the elements (dark)', 'main')
    // The page's own CSS on one element overrides a property for that element only.
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet()
      sheet.replaceSync('portico-button { --portico-accent: rgb(124, 58, 237) }')
      document.adoptedStyleSheets = [sheet]
    })
    expect(await looks(page, 'portico-button')).toMatchObject({ background: 'rgb(124, 58, 237)' })
    expect(await looks(page, 'portico-account-button')).toMatchObject({ background: 'rgb(37, 99, 235)' })
    assertCleanPage(recorded)
  })

  it('follow the light theme and pass axe', async () => {
    const recorded = await open({ theme: 'light' })
    const { page } = recorded
    expect(await page.locator('portico-network-button').getAttribute('data-theme')).toBe('light')
    expect(await looks(page, 'portico-network-button')).toMatchObject({ background: 'rgb(243, 243, 243)', color: 'rgb(20, 20, 20)' })
    await expectNoAxeViolations(page, 'the elements (light)', 'main')
    assertCleanPage(recorded)
  })

  it('by keyboard: Tab reaches <portico-button>, Enter opens Connect, Escape closes and focus returns to it; a mouse press dragged off it opens nothing (WCAG 2.5.2)', async () => {
    const recorded = await open()
    const { page } = recorded
    await page.keyboard.press('Tab')
    expect((await focusSnapshot(page)).deep).toBe('button "Connect Wallet"')
    await page.keyboard.press('Enter')
    await waitForView(page, 'Connect')
    await page.keyboard.press('Escape')
    await waitForModal(page, false)
    expect(await focusSnapshot(page)).toMatchObject({ documentActive: 'portico-button', deep: 'button "Connect Wallet"' })
    await expectPressDraggedOffOpensNothing(page, page.locator('portico-button'))
    assertCleanPage(recorded)
  })

  it('by keyboard: <portico-network-button> opens the Networks view (axe-clean), Enter on another network switches and closes', async () => {
    const recorded = await open()
    const { page } = recorded
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect((await focusSnapshot(page)).documentActive).toBe('portico-network-button')
    await page.keyboard.press('Enter')
    const networks = await waitForView(page, 'Networks')
    expect(networks.title).toBe('Networks')
    await expectNoAxeViolations(page, 'the Networks view')
    await inModal(page).getByRole('button', { name: 'Hardhat Two' }).press('Enter')
    await waitForModal(page, false)
    await waitForText(page, 'portico-network-button', 'Hardhat Two')
    expect((await focusSnapshot(page)).documentActive).toBe('portico-network-button')
    assertCleanPage(recorded)
  })

  it('follow a connection through the modal: balance and address, then Account on a press', async () => {
    const recorded = await open(
      {},
      withTestWallet({ rpcUrls: { 31337: node.url }, knownChainIds: [31337] }, () => undefined),
    )
    const { page } = recorded
    await page.locator('portico-button').getByRole('button').click()
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('button', { name: TEST_WALLET_NAME }).click()
    await waitForModal(page, false)
    const address = `${HARDHAT_ACCOUNT_0.address.slice(0, 4)}…${HARDHAT_ACCOUNT_0.address.slice(-6)}`
    await waitForText(page, 'portico-button', new RegExp(`^[\\d,.]+ ETH${address}$`))
    await waitForText(page, 'portico-account-button', new RegExp(`^[\\d,.]+ ETH${address}$`))
    expect(await looks(page, 'portico-button')).toMatchObject({ background: 'rgb(31, 31, 31)' })
    await expectNoAxeViolations(page, 'the elements (connected)', 'main')
    await page.locator('portico-account-button').getByRole('button').click()
    await waitForView(page, 'Account')
    // No endpoints.analytics on this page: after all these events, no post and not even the sender's code.
    const paths = recorded.requests.map((url) => new URL(url).pathname)
    expect(paths.filter((path) => path === '/e' || /\/analytics-[^/]*\.js$/.test(path))).toEqual([])
    assertCleanPage(recorded)
  })
})
