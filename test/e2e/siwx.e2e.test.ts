// Issue 15 "How it is shown", in real Chromium: the built demo under its strict CSP with its
// sign-in backend (demo/peers/siwxBackend.ts: portico/siwx-server on PGlite, served on the
// demo's own origin), Hardhat where "Hardhat" points (8545), the Solana shim where "Solana
// Local" points (8899), the demo's dev wallets answering in their page prompts, and the
// embedded wallet's secure frame (8700) with its mailbox for the email login.
import type { Page } from 'playwright-core'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SOLANA_ADDRESS, DEV_SOLANA_WALLET_NAME } from '../../demo/devWallet/solanaInfo.ts'
import { DEV_WALLET_NAME } from '../../demo/devWallet/info.ts'
import { DEMO_PORTS, type EmbeddedStack, startEmbeddedStack } from '../../demo/peers/embedded.ts'
import { type SiwxBackend, startSiwxBackend } from '../../demo/peers/siwxBackend.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode } from '../peers/hardhat.ts'
import { type SolanaRpc, startSolanaRpc } from '../peers/solanaRpc.mjs'
import { chooseWallet, currentView, modal, startDemoChains, text } from './evmSupport.ts'
import { approveInFrame, emailLogin, uniqueEmail } from './emailLogin.ts'
import { type DemoServer, type RecordedPage, launchBrowser, newPage, privateBuildDir, runAxe } from './harness.ts'
import { type PrivateDemo, assertCleanPage, buildPrivateDemo, startPrivateDemo, throwFirstFailure, valueOf } from './modalHarness.ts'

let chains: [HardhatNode, HardhatNode] | undefined
let sol: SolanaRpc | undefined
let build: PrivateDemo | undefined
let browser: Browser | undefined
let demo: DemoServer | undefined
let backend: SiwxBackend | undefined
let embedded: EmbeddedStack | undefined
const pages: RecordedPage[] = []

beforeAll(async () => {
  const started = await Promise.allSettled([startDemoChains(), startSolanaRpc({ port: 8899 }), buildPrivateDemo(), launchBrowser()])
  ;[chains, sol, build, browser] = [valueOf(started[0]), valueOf(started[1]), valueOf(started[2]), valueOf(started[3])]
  throwFirstFailure(started)
  // The backend checks the messages' domain against the demo's host:port, known once it listens.
  demo = await startPrivateDemo(build!, {
    backend: { prefixes: ['/siwx/', '/api/'], listener: (req, res) => backend!.listener(req, res) },
  })
  backend = await startSiwxBackend({
    hosts: [new URL(demo.url).host],
    rpcUrls: { 'eip155:31337': chains![0].url, 'eip155:31338': chains![1].url },
    solanaChains: ['solana:localnet'],
  })
  embedded = await startEmbeddedStack({ hostOrigins: [new URL(demo.url).origin], ports: { frame: DEMO_PORTS.frame }, pageDir: privateBuildDir('frame-page') })
}, 120_000)

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await embedded?.close()
  await demo?.close()
  await backend?.close()
  await build?.dispose()
  await Promise.all([chains?.[0].stop(), chains?.[1].stop(), sol?.stop()])
})

async function open(search: string): Promise<RecordedPage> {
  const recorded = await newPage(browser!, `${demo!.url}/${search}`)
  pages.push(recorded)
  await recorded.page.getByTestId('open-modal').waitFor()
  return recorded
}

/** The dev wallet's page prompt, answered after checking what it asks. */
async function approve(page: Page, walletName: string, expectText: string) {
  const dialog = page.getByRole('dialog', { name: walletName })
  await dialog.waitFor()
  expect(await dialog.innerText()).toContain(expectText)
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await dialog.waitFor({ state: 'detached' })
}

const session = (page: Page) => text(page, 'siwx-session')
/** What the protected endpoint answers the page's cookies, asked from Node with them. */
async function protectedAnswer(page: Page): Promise<number> {
  const cookies = await page.context().cookies(demo!.url)
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  return (await fetch(`${demo!.url}/api/me`, { headers: { cookie } })).status
}

async function connectAndSign(page: Page, walletName: string, asks: { connect: string; sign: string }) {
  await chooseWallet(page, walletName)
  await approve(page, walletName, asks.connect)
  await expect.poll(() => currentView(page)).toBe('SIWXSignMessage')
  const sign = modal(page).getByRole('button', { name: 'Sign', exact: true })
  await expect.poll(() => sign.isEnabled()).toBe(true)
  expect(await runAxe(page, 'portico-modal')).toEqual([])
  await sign.click()
  await approve(page, walletName, asks.sign)
  await expect.poll(() => currentView(page)).toBeNull()
}

describe('sign in with the wallet through the demo and its backend (issue 15)', () => {
  it('EVM dev wallet: connect, sign, the server verifies and its protected endpoint answers; a reload keeps the session without a signature; sign out ends it on the server', async () => {
    const recorded = await open('?siwx=optional')
    const { page } = recorded
    expect(await page.getByRole('radio', { name: 'Optional' }).isChecked()).toBe(true)
    // The wallet shows the EIP-4361 text it signs, statement included.
    await connectAndSign(page, DEV_WALLET_NAME, {
      connect: 'asks to connect to your account',
      sign: 'wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nSign in to the Portico demo',
    })
    await expect.poll(() => session(page)).toBe(`Signed in as ${HARDHAT_ACCOUNT_0.address} on eip155:31337`)
    await page.getByRole('button', { name: 'Ask the protected endpoint' }).click()
    await expect.poll(() => text(page, 'siwx-protected')).toBe(`/api/me answered 200: ${HARDHAT_ACCOUNT_0.address} on eip155:31337`)
    expect(await protectedAnswer(page)).toBe(200)
    // The cookies are the server's: httpOnly, so the page's scripts cannot read them. Beside the
    // session, the nonce's (Strict), which bound the signed nonce to this browser.
    const cookies = await page.context().cookies(demo!.url)
    expect(cookies.find((cookie) => cookie.name === 'portico_siwx')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    expect(cookies.find((cookie) => cookie.name === 'portico_siwx_nonce')).toMatchObject({ httpOnly: true, sameSite: 'Strict' })
    expect(await page.evaluate(() => document.cookie)).toBe('')

    await page.reload()
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
    await expect.poll(() => session(page)).toBe(`Signed in as ${HARDHAT_ACCOUNT_0.address} on eip155:31337`)
    // No prompt of any kind: the kept session counts.
    await page.waitForTimeout(500)
    expect(await page.getByTestId('devwallet-prompt').count()).toBe(0)
    expect(await currentView(page)).toBeNull()

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => session(page)).toBe('Not signed in')
    expect(await protectedAnswer(page)).toBe(401)
    assertCleanPage(recorded)
  })

  it('Solana dev wallet: connect, sign (CAIP-122 text, ed25519), the server verifies and its protected endpoint answers', async () => {
    const recorded = await open('?siwx=optional')
    const { page } = recorded
    await connectAndSign(page, DEV_SOLANA_WALLET_NAME, {
      connect: 'Connect to this site?',
      sign: 'wants you to sign in with your Solana account:\n8UXaBSMYHfje2SqJkkb93juHE2me3Ps4qiJbmzd7p7Uu',
    })
    await expect.poll(() => session(page)).toBe(`Signed in as ${DEV_SOLANA_ADDRESS} on solana:localnet`)
    expect(await protectedAnswer(page)).toBe(200)
    assertCleanPage(recorded)
  })

  it('embedded wallet (email login): the sign-in is approved inside the secure frame, and the server verifies it', async () => {
    const recorded = await open('?siwx=optional')
    const { page } = recorded
    const email = uniqueEmail('siwx')
    const { loginOnNewDevice } = emailLogin(() => embedded!.mailboxUrl!)
    const address = await loginOnNewDevice(page, email)
    await expect.poll(() => currentView(page)).toBe('SIWXSignMessage')
    const sign = modal(page).getByRole('button', { name: 'Sign', exact: true })
    await expect.poll(() => sign.isEnabled()).toBe(true)
    await sign.click()
    await approveInFrame(page)
    await expect.poll(() => currentView(page), { timeout: 20_000 }).toBeNull()
    await expect.poll(() => session(page)).toBe(`Signed in as ${address} on eip155:31337`)
    expect(await protectedAnswer(page)).toBe(200)
    assertCleanPage(recorded)
  })

  it('required: the close button is disabled on SIWXSignMessage, and Cancel disconnects (nothing signed, the server has no session)', async () => {
    const recorded = await open('?siwx=required')
    const { page } = recorded
    expect(await page.getByRole('radio', { name: 'Required' }).isChecked()).toBe(true)
    await chooseWallet(page, DEV_WALLET_NAME)
    await approve(page, DEV_WALLET_NAME, 'asks to connect to your account')
    await expect.poll(() => currentView(page)).toBe('SIWXSignMessage')
    const close = modal(page).getByRole('button', { name: 'Close' })
    expect(await close.isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    expect(await currentView(page)).toBe('SIWXSignMessage')
    await modal(page).getByRole('button', { name: 'Cancel', exact: true }).click()
    await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'disconnected')
    expect(await protectedAnswer(page)).toBe(401)
    assertCleanPage(recorded)
  })

  it('the mode switch reloads the demo in the chosen mode', async () => {
    const { page } = await open('')
    expect(await page.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true)
    await page.getByRole('radio', { name: 'Required' }).check()
    await page.waitForURL(/\?siwx=required$/)
    expect(await page.getByRole('radio', { name: 'Required' }).isChecked()).toBe(true)
  })
})
