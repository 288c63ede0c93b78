// Issue 4 item 9: the demo's own development wallet, as a person uses it. No test wallet
// is injected; the dev wallet (Hardhat key #0, signing in the page) is announced by the
// demo and every request is answered in its <dialog> prompt.
import type { Browser, Page } from 'playwright-core'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_WALLET_NAME } from '../../demo/devWallet/info.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode } from '../peers/hardhat.ts'
import {
  type DemoPage,
  type ServedDemo,
  assertCleanPage,
  balanceWei,
  buildAndServeDemo,
  chooseWallet,
  currentView,
  expectedBalanceText,
  modal,
  openDemo,
  startDemoChains,
  text,
} from './evmSupport.ts'
import { launchBrowser, runAxe } from './harness.ts'

const ADDRESS = HARDHAT_ACCOUNT_0.address
let node1: HardhatNode
let node2: HardhatNode
let demo: ServedDemo
let browser: Browser
const pages: DemoPage[] = []

beforeAll(async () => {
  ;[node1, node2] = await startDemoChains()
  ;[demo, browser] = await Promise.all([buildAndServeDemo(), launchBrowser()])
}, 120_000)

afterAll(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
  await browser?.close()
  await demo?.dispose()
  await Promise.all([node1?.stop(), node2?.stop()])
})

async function open(search = '') {
  const page = await openDemo(browser, demo.server.url, [], search)
  pages.push(page)
  return page
}

/** The dev wallet's prompt: the page's own dialog, named by the wallet's label. */
const prompt = (page: Page) => page.getByRole('dialog', { name: DEV_WALLET_NAME })

async function answer(page: Page, choice: 'Approve' | 'Reject', expectText: string) {
  const dialog = prompt(page)
  await dialog.waitFor()
  expect(await dialog.innerText()).toContain(expectText)
  await dialog.getByRole('button', { name: choice }).click()
  await dialog.waitFor({ state: 'detached' })
}

describe('the demo dev wallet (issue 4 item 9)', () => {
  it('a person connects with it (approve in the demo’s prompt), signs "Hello from Portico" (verified in Node), and can refuse', async () => {
    const recorded = await open()
    const { page } = recorded
    // On by default; the checkbox says so.
    expect(await page.getByTestId('dev-wallet-toggle').isChecked()).toBe(true)

    await chooseWallet(page, DEV_WALLET_NAME)
    // The Portico modal waits in ConnectingExternal while the wallet asks in its own dialog,
    // which is modal over it (the top layer), accessible, and focused on Reject.
    await prompt(page).waitFor()
    expect(await currentView(page)).toBe('ConnectingExternal')
    expect(await runAxe(page, '.devwallet-prompt')).toEqual([])
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reject')
    await answer(page, 'Approve', 'asks to connect to your account')
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
    expect(await text(page, 'account-address')).toBe(ADDRESS)
    await expect.poll(() => currentView(page)).toBeNull()
    await expect.poll(() => text(page, 'account-balance')).toBe(expectedBalanceText(await balanceWei(node1, ADDRESS)))

    await page.getByRole('button', { name: 'Sign message' }).click()
    await answer(page, 'Approve', 'Hello from Portico')
    const result = page.getByTestId('result')
    await expect.poll(() => result.getAttribute('data-kind')).toBe('signature')
    const signature = (await result.innerText()) as Hex
    expect(await verifyMessage({ address: ADDRESS, message: 'Hello from Portico', signature })).toBe(true)

    await page.getByRole('button', { name: 'Sign message' }).click()
    await answer(page, 'Reject', 'Hello from Portico')
    await expect.poll(() => result.innerText()).toBe('Error: User rejected the request.')
    assertCleanPage(recorded)
  })

  it('a refused connection is shown by the modal as declined, and the account stays disconnected', async () => {
    const recorded = await open()
    const { page } = recorded
    await chooseWallet(page, DEV_WALLET_NAME)
    await answer(page, 'Reject', 'asks to connect to your account')
    await expect.poll(() => modal(page).getByRole('alert').innerText()).toContain('The request was rejected in the wallet')
    expect(await text(page, 'account-status')).toBe('disconnected')
    assertCleanPage(recorded)
  })

  it('switching to "Hardhat 2" asks to add the network first (4902 path) and then reads that chain', async () => {
    const recorded = await open()
    const { page } = recorded
    await chooseWallet(page, DEV_WALLET_NAME)
    await answer(page, 'Approve', 'asks to connect to your account')
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
    await page.getByLabel('Switch network').selectOption({ label: 'Hardhat 2' })
    await answer(page, 'Approve', 'http://127.0.0.1:8546')
    await expect.poll(() => text(page, 'account-caip-address')).toBe(`eip155:31338:${ADDRESS}`)
    await expect.poll(() => text(page, 'account-balance')).toBe(expectedBalanceText(await balanceWei(node2, ADDRESS)))
    assertCleanPage(recorded)
  })

  it('?devwallet=off leaves it out of the Connect list, and the checkbox shows the address decides', async () => {
    const recorded = await open('?devwallet=off')
    const { page } = recorded
    const toggle = page.getByTestId('dev-wallet-toggle')
    expect(await toggle.isChecked()).toBe(false)
    expect(await toggle.isDisabled()).toBe(true)
    await page.getByTestId('open-modal').click()
    await modal(page).getByTestId('portico-connect').waitFor()
    expect(await modal(page).getByRole('button', { name: DEV_WALLET_NAME }).count()).toBe(0)
    assertCleanPage(recorded)
  })

  it('unticking "Announce the dev wallet" is remembered across the reload it causes', async () => {
    const recorded = await open()
    const { page } = recorded
    await Promise.all([page.waitForEvent('load'), page.getByTestId('dev-wallet-toggle').click()])
    await page.getByTestId('open-modal').waitFor()
    expect(await page.getByTestId('dev-wallet-toggle').isChecked()).toBe(false)
    await page.getByTestId('open-modal').click()
    await modal(page).getByTestId('portico-connect').waitFor()
    expect(await modal(page).getByRole('button', { name: DEV_WALLET_NAME }).count()).toBe(0)
    assertCleanPage(recorded)
  })
})
