// Farcaster login on the built demo, in real Chromium: "Continue with Farcaster" shows the
// ConnectingFarcaster view with the relay channel's url as a QR code and as text; a test client
// playing the visitor's Farcaster app signs the Sign In With Farcaster message with its custody
// key and posts it to the local relay (demo/peers/farcasterRelay.ts); the frame server verifies it
// against the IdRegistry stand-in on Hardhat and the page shows the embedded wallet's address.
// Also the Telegram return: ?result_uri= is handled and taken out of the address bar.
import type { Browser, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedStack } from '../../demo/peers/embedded.ts'
import { installIdRegistry, registerFid } from '../../demo/peers/idRegistry.mjs'
import { type FarcasterAccount, authenticateChannel } from '../peers/farcasterPhone.ts'
import { type EmailDemo, address, signHelloThroughFrame, startEmailDemo } from './emailLogin.ts'
import type { DemoServer, RecordedPage } from './harness.ts'
import { assertCleanPage, expectNoAxeViolations, inModal, openPage, waitForView } from './modalHarness.ts'

let browser: Browser
let demo: DemoServer
let stack: EmbeddedStack
let env: EmailDemo | undefined
let phone: FarcasterAccount
const pages: RecordedPage[] = []

beforeAll(async () => {
  // The same fid logs in from several fresh browsers here, each a new device of its account:
  // released at once (a consent delay of 0 s). The consent itself is deviceConsent.e2e's.
  env = await startEmailDemo({ limits: { deviceConsentDelaySeconds: 0 } })
  ;({ browser, demo, stack } = env)
  await installIdRegistry(env.chain.url)
  const custodyKey = generatePrivateKey()
  phone = { fid: Number(await registerFid(env.chain.url, custodyKey)), custodyKey, username: 'farcaster-alice' }
})
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close()))
})
afterAll(async () => {
  await env?.close()
})

async function open(query = '') {
  const recorded = await openPage(browser, `${demo.url}/?networks=evm&devwallet=off${query}`)
  pages.push(recorded)
  return recorded
}

const connected = (page: Page, value: 'true' | 'false') => page.getByTestId('account-connected').filter({ hasText: value }).waitFor({ timeout: 30_000 })

/** Opens the modal, clicks "Continue with Farcaster", and returns the url the view shows. */
async function farcasterUrl(page: Page): Promise<string> {
  await page.getByTestId('open-modal').click()
  await waitForView(page, 'Connect')
  await inModal(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  await waitForView(page, 'ConnectingFarcaster')
  await inModal(page).getByRole('img', { name: 'Farcaster QR code' }).waitFor({ timeout: 20_000 })
  const shown = (await inModal(page).getByTestId('portico-farcaster-url').textContent())!.trim()
  expect(new URL(shown).origin).toBe(stack.farcasterRelay!.url)
  return shown
}

/** Back to Connect, "Continue with Farcaster" again at once, and the url the view then shows. */
async function againAfterBack(page: Page): Promise<string> {
  await inModal(page).getByRole('button', { name: /back/i }).click()
  await waitForView(page, 'Connect')
  await inModal(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  await waitForView(page, 'ConnectingFarcaster')
  const shown = inModal(page).getByTestId('portico-farcaster-url')
  await shown.waitFor({ timeout: 20_000 })
  return (await shown.textContent())!.trim()
}

describe('Farcaster login', () => {
  it('the view shows the QR code and the url; the phone signs through the relay; the page shows the embedded wallet, which signs; the same fid again gets the same address', async () => {
    const recorded = await open()
    const { page } = recorded
    const url = await farcasterUrl(page)
    await expectNoAxeViolations(page, 'ConnectingFarcaster view')
    await authenticateChannel(stack.farcasterRelay!, url, phone)
    await connected(page, 'true')
    const wallet = (await address(page))!.trim()
    expect(wallet).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect((await page.getByTestId('account-auth-provider').textContent())?.trim()).toBe('farcaster')
    await expect.poll(async () => (await page.getByTestId('account-username').textContent())?.trim()).toBe('farcaster-alice')
    expect(await signHelloThroughFrame(page, wallet as Hex)).toBe(true)
    assertCleanPage(recorded)

    const again = await open()
    await authenticateChannel(stack.farcasterRelay!, await farcasterUrl(again.page), phone)
    await connected(again.page, 'true')
    expect((await address(again.page))!.trim()).toBe(wallet)
  })

  it("the demo's dev Farcaster app: the url opened in another tab signs in as @dev, and the page connects", async () => {
    const { page, context } = await open()
    const url = await farcasterUrl(page)
    const app = await context.newPage()
    await app.goto(url)
    await app.getByRole('button', { name: 'Sign in as @dev' }).click()
    await app.getByRole('status').filter({ hasText: 'Signed in as @dev' }).waitFor({ timeout: 30_000 })
    await connected(page, 'true')
    await expect.poll(async () => (await page.getByTestId('account-username').textContent())?.trim()).toBe('dev')
  })

  it('a message signed by another key is refused: the view says why and nothing is connected', async () => {
    const { page } = await open()
    const url = await farcasterUrl(page)
    await authenticateChannel(stack.farcasterRelay!, url, phone, { signerKey: generatePrivateKey() })
    await expect.poll(() => inModal(page).getByRole('alert').textContent(), { timeout: 30_000 }).toContain("The signature is not from the Farcaster account's custody address")
    expect((await page.getByTestId('account-connected').textContent())?.trim()).toBe('false')

    // The refused channel is spent: the next visit gets a new one, and a good signature there connects.
    const next = await againAfterBack(page)
    expect(new URL(next).searchParams.get('channelToken')).not.toBe(new URL(url).searchParams.get('channelToken'))
    await authenticateChannel(stack.farcasterRelay!, next, phone)
    await connected(page, 'true')
  })

  it('back from ConnectingFarcaster while disconnected drops the url and reloads the frame: the next visit shows a new one, which connects', async () => {
    const { page } = await open()
    const first = await farcasterUrl(page)
    // Clicked again at once, before the frame's reload (100 ms after back) is over.
    const second = await againAfterBack(page)
    expect(new URL(second).searchParams.get('channelToken')).not.toBe(new URL(first).searchParams.get('channelToken'))
    await authenticateChannel(stack.farcasterRelay!, second, phone)
    await connected(page, 'true')
  })
})

describe('Telegram mini app return', () => {
  it('?result_uri= is handled at start (no login was started in this tab: an error is logged) and taken out of the address bar', async () => {
    const recorded = await open(`&result_uri=${encodeURIComponent(`${demo.url}/#portico_social=state%3Dx`)}`)
    const { page } = recorded
    await expect.poll(() => new URL(page.url()).searchParams.has('result_uri'), { timeout: 20_000 }).toBe(false)
    expect(new URL(page.url()).searchParams.get('networks')).toBe('evm')
    await expect.poll(() => recorded.consoleErrors.join('\n')).toContain('Portico: Telegram social login failed:')
    expect((await page.getByTestId('account-connected').textContent())?.trim()).toBe('false')
  })
})
