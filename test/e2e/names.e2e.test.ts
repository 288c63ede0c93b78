// Issue 17, names: register a name through the demo, as a person does, with the demo's dev
// wallet (Hardhat key #0, every request approved in its prompt) on the demo's Hardhat chain
// and the demo's Blockchain API (its name registry in PGlite, signatures checked on the node).
// Ports: 8545/8546, the demo's chains, and 8702, its API (demo/config.ts).
import type { Browser, Page } from 'playwright-core'
import { type Address, createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi } from '../../demo/peers/api.ts'
import { DEV_WALLET_NAME } from '../../demo/devWallet/info.ts'
import type { ApiServer } from '../../servers/api/index.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode } from '../peers/hardhat.ts'
import { type DemoPage, type ServedDemo, assertCleanPage, buildAndServeDemo, chooseWallet, currentView, modal, openDemo, startDemoChains } from './evmSupport.ts'
import { launchBrowser } from './harness.ts'
import { expectNoAxeViolations } from './modalHarness.ts'
import { expectAccessibleInWalkLocales } from './a11yChecks.ts'

const ADDRESS = HARDHAT_ACCOUNT_0.address as Address
let node1: HardhatNode
let node2: HardhatNode
let demo: ServedDemo
let browser: Browser
let api: ApiServer
let recorded: DemoPage

beforeAll(async () => {
  ;[[node1, node2], demo, browser] = await Promise.all([startDemoChains(), buildAndServeDemo({ api: false }), launchBrowser()])
  api = await startDemoApi({ hostOrigins: [demo.server.url], rpcUrls: { 'eip155:31337': node1.url, 'eip155:31338': node2.url } })
  recorded = await openDemo(browser, demo.server.url, [], '')
}, 180_000)

afterAll(async () => {
  await recorded?.context.close().catch(() => undefined)
  await browser?.close()
  await api?.close()
  await demo?.dispose()
  await Promise.all([node1?.stop(), node2?.stop()])
})

const prompt = (page: Page) => page.getByRole('dialog', { name: DEV_WALLET_NAME })

async function approve(page: Page, expectText: string) {
  const dialog = prompt(page)
  await dialog.waitFor()
  expect(await dialog.innerText()).toContain(expectText)
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await dialog.waitFor({ state: 'detached' })
}

async function openAccount(page: Page) {
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
}

const accountTitle = (page: Page) => modal(page).getByTestId('portico-account-address').innerText()
const feature = (page: Page, name: string) => modal(page).getByRole('group', { name: 'Wallet features' }).getByRole('button', { name })

describe('Names through the demo with the dev wallet (issue 17)', () => {
  it('registers alice-test: suggestions and availability while typing, the dev wallet signs, the success view passes WCAG 2.2 AA in en and ar, the name is the profile name, also after a reload', async () => {
    const { page } = recorded
    await chooseWallet(page, DEV_WALLET_NAME)
    await approve(page, 'asks to connect to your account')
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
    await expect.poll(() => currentView(page)).toBeNull()
    await openAccount(page)
    await feature(page, 'Register name').click()
    await expect.poll(() => currentView(page)).toBe('RegisterAccountName')
    const name = modal(page).getByLabel('Name', { exact: true })
    // The rule is checked before anything is asked.
    await name.fill('bad_name!')
    await expect.poll(() => modal(page).getByTestId('names-error').innerText()).toBe('Use letters, digits and hyphens, at least 4 characters')
    await name.fill('alice-test')
    await expect.poll(() => modal(page).getByTestId('names-availability').innerText(), { timeout: 10_000 }).toBe('alice-test is available')
    await expect
      .poll(() => modal(page).getByRole('list', { name: 'Suggested names' }).getByRole('button').allInnerTexts())
      .toEqual(['alice-test-1', 'alice-test-2', 'alice-test-3'])
    await expectNoAxeViolations(page, 'the register form')
    await modal(page).getByRole('button', { name: 'Register' }).click()
    await approve(page, 'asks you to sign a message')
    await expect.poll(() => modal(page).getByTestId('names-registered').innerText(), { timeout: 15_000 }).toBe('alice-test')
    expect(await currentView(page)).toBe('RegisterAccountNameSuccess')
    await expectAccessibleInWalkLocales(page, 'RegisterAccountNameSuccess')
    await modal(page).getByRole('button', { name: 'Back to account' }).click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await accountTitle(page)).toBe('alice-test')
    // The registry has it for the dev wallet's address.
    const record = (await (await fetch(`${api.url}/v1/profile/account/alice-test`)).json()) as { addresses: Record<string, { address: string }> }
    expect(Object.values(record.addresses)[0]?.address).toBe(ADDRESS)

    await page.reload()
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
    await openAccount(page)
    await expect.poll(() => accountTitle(page), { timeout: 10_000 }).toBe('alice-test')
  })

  it("a second registration of alice-test is refused by the registry: back on the form with 'Error registering name alice-test'", async () => {
    const { page } = recorded
    await feature(page, 'Register name').click()
    await expect.poll(() => currentView(page)).toBe('RegisterAccountName')
    // Register before the availability check (500 ms after the last key) answers: the server decides.
    await modal(page).getByLabel('Name', { exact: true }).fill('alice-test')
    await modal(page).getByRole('button', { name: 'Register' }).click()
    await approve(page, 'asks you to sign a message')
    await expect.poll(() => currentView(page), { timeout: 15_000 }).toBe('RegisterAccountName')
    expect(await modal(page).getByTestId('names-error').innerText()).toBe('Error registering name alice-test')
    // Then the form says so too, and Register stays off.
    await expect.poll(() => modal(page).getByTestId('names-availability').innerText()).toBe('alice-test is already registered')
    expect(await modal(page).getByRole('button', { name: 'Register' }).isDisabled()).toBe(true)
    await expectNoAxeViolations(page, 'the register form refusing')
  })

  it('Send to alice-test resolves to the dev wallet address, and the transaction goes there', async () => {
    const { page } = recorded
    await page.keyboard.press('Escape')
    await openAccount(page)
    await feature(page, 'Send').click()
    await expect.poll(() => currentView(page)).toBe('WalletSend')
    await expect.poll(() => modal(page).getByTestId('send-fee').innerText(), { timeout: 15_000 }).toMatch(/^Network fee /)
    await modal(page).getByLabel('Amount', { exact: true }).fill('0.25')
    await modal(page).getByLabel('To', { exact: true }).fill('alice-test')
    await expect.poll(() => modal(page).getByTestId('send-receiver-resolved').innerText(), { timeout: 10_000 }).toBe(ADDRESS)
    await modal(page).getByRole('button', { name: 'Review send' }).click()
    await expect.poll(() => currentView(page)).toBe('WalletSendPreview')
    expect(await modal(page).getByTestId('send-preview-receiver').innerText()).toBe(`alice-test (${ADDRESS})`)
    await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
    await approve(page, 'asks you to send a transaction')
    await expect.poll(() => currentView(page), { timeout: 15_000 }).toBe('Account')
    const chain = createPublicClient({ transport: http(node1.url) })
    const block = await chain.getBlock({ blockTag: 'latest', includeTransactions: true })
    const sent = block.transactions.at(-1)
    expect(sent?.from.toLowerCase()).toBe(ADDRESS.toLowerCase())
    expect(sent?.to?.toLowerCase()).toBe(ADDRESS.toLowerCase())
    expect(sent?.value).toBe(250_000_000_000_000_000n)
    // The one error the browser logs is the registry's 409 of the second test, which the form showed.
    const refused = 'Failed to load resource: the server responded with a status of 409 (Conflict) (http://127.0.0.1:8702/v1/profile/account)'
    expect(recorded.consoleErrors.filter((text) => text === refused)).toHaveLength(1)
    recorded.consoleErrors.splice(recorded.consoleErrors.indexOf(refused), 1)
    assertCleanPage(recorded)
  })
})
