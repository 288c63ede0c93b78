// Issue 30's smart account through the demo, in real Chromium: the embedded wallet (email login,
// the secure frame on 8700) on Hardhat (8545 "Hardhat", 8546 "Hardhat 2") where the frame server
// lists only "Hardhat" as smart-account-enabled, with the local ERC-4337 stack on it (EntryPoint
// v0.7 and PorticoAccountFactory, a real Alto bundler, the paymaster service) and the demo's
// sign-in backend verifying SIWX (ERC-6492 and ERC-1271) against the node.
import type { Browser, Page } from 'playwright-core'
import { type Address, type Hex, createPublicClient, http, isErc6492Signature, parseEther, parseEventLogs } from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PAYMASTER, DEMO_PAYMASTER_SIGNER_KEY, ENTRY_POINT_V07, deployAccountAbstraction } from '../../demo/peers/accountAbstraction.mjs'
import { startBundler } from '../../demo/peers/bundler.mjs'
import { DEMO_PORTS, type EmbeddedStack, startEmbeddedStack } from '../../demo/peers/embedded.ts'
import { type SiwxBackend, startSiwxBackend } from '../../demo/peers/siwxBackend.ts'
import { type PaymasterServer, startPaymasterServer } from '../../servers/paymaster/server.ts'
import type { HardhatNode } from '../peers/hardhat.ts'
import { address, approveInFrame, emailLogin, uniqueEmail } from './emailLogin.ts'
import { currentView, modal, startDemoChains, text } from './evmSupport.ts'
import { type DemoServer, type RecordedPage, launchBrowser, newPage, privateBuildDir } from './harness.ts'
import { type PrivateDemo, buildPrivateDemo, startPrivateDemo, throwFirstFailure, valueOf, waitForModal } from './modalHarness.ts'

let chains: [HardhatNode, HardhatNode] | undefined
let build: PrivateDemo | undefined
let browser: Browser | undefined
let demo: DemoServer | undefined
let backend: SiwxBackend | undefined
let bundler: { url: string; stop(): Promise<void> } | undefined
let paymaster: PaymasterServer | undefined
let embedded: EmbeddedStack | undefined
const pages: RecordedPage[] = []

beforeAll(async () => {
  const started = await Promise.allSettled([startDemoChains(), buildPrivateDemo(), launchBrowser()])
  ;[chains, build, browser] = [valueOf(started[0]), valueOf(started[1]), valueOf(started[2])]
  throwFirstFailure(started)
  await deployAccountAbstraction(chains![0].url)
  const frameOrigin = `http://127.0.0.1:${DEMO_PORTS.frame}`
  ;[bundler, paymaster, demo] = await Promise.all([
    startBundler({ rpcUrl: chains![0].url }),
    startPaymasterServer({ signerKey: DEMO_PAYMASTER_SIGNER_KEY, chains: { 31337: { paymaster: DEMO_PAYMASTER } }, allowedOrigins: [frameOrigin] }),
    startPrivateDemo(build!, { backend: { prefixes: ['/siwx/', '/api/'], listener: (req, res) => backend!.listener(req, res) } }),
  ])
  backend = await startSiwxBackend({ hosts: [new URL(demo.url).host], rpcUrls: { 'eip155:31337': chains![0].url, 'eip155:31338': chains![1].url }, solanaChains: [] })
  embedded = await startEmbeddedStack({
    hostOrigins: [new URL(demo.url).origin],
    ports: { frame: DEMO_PORTS.frame },
    pageDir: privateBuildDir('frame-page'),
    // "Hardhat 2" is not listed: there the embedded wallet is its EOA.
    smartAccounts: [{ caipNetworkId: 'eip155:31337', bundlerUrl: bundler.url, paymasterUrl: paymaster.url }],
  })
}, 120_000)

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await embedded?.close()
  await demo?.close()
  await backend?.close()
  await paymaster?.close()
  await bundler?.stop()
  await build?.dispose()
  await Promise.all([chains?.[0].stop(), chains?.[1].stop()])
})

const hardhat = () => createPublicClient({ transport: http(chains![0].url) })
const { loginOnNewDevice } = emailLogin(() => embedded!.mailboxUrl!)

async function open(search: string): Promise<Page> {
  const recorded = await newPage(browser!, `${demo!.url}/${search}`)
  pages.push(recorded)
  await recorded.page.getByTestId('open-modal').waitFor()
  return recorded.page
}

/** The modal's Account view, then one of its wallet features. */
async function openFeature(page: Page, feature: string, view: string) {
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
  await modal(page).getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: feature }).click()
  await expect.poll(() => currentView(page)).toBe(view)
}

const shownAddress = async (page: Page) => (await address(page))!.trim()

describe('the embedded wallet’s smart account through the demo (issue 30)', () => {
  it('email login gives an undeployed smart account; a Send goes through the bundler, deploys it, the paymaster pays; it signs (ERC-1271); the AccountType view and an unlisted network give the EOA', async () => {
    const page = await open('?networks=evm&devwallet=off')
    const smart = (await loginOnNewDevice(page, uniqueEmail('smart'))) as Address
    await waitForModal(page, false).catch(() => undefined)
    expect(await hardhat().getCode({ address: smart })).toBeUndefined()

    // Send 0.001 ETH from the Send view: one user operation, sponsored, that also deploys the account.
    await hardhat().request({ method: 'hardhat_setBalance' as never, params: [smart, '0xde0b6b3a7640000'] as never }) // 1 ETH
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await openFeature(page, 'Send', 'WalletSend')
    await modal(page).getByLabel('Amount', { exact: true }).fill('0.001')
    await modal(page).getByLabel('To', { exact: true }).fill(receiver)
    await modal(page).getByRole('button', { name: 'Review send' }).click()
    await expect.poll(() => currentView(page)).toBe('WalletSendPreview')
    await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
    const started = Date.now()
    await approveInFrame(page)
    await expect.poll(() => hardhat().getBalance({ address: receiver }), { timeout: 30_000 }).toBe(parseEther('0.001'))
    console.info(`smart account Send: approve to the user operation on Hardhat in ${Date.now() - started} ms`)
    const logs = await hardhat().getLogs({ address: ENTRY_POINT_V07, fromBlock: 0n })
    const events = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs }).filter((log) => log.args.sender === smart)
    expect(events.map((log) => [log.args.success, log.args.paymaster])).toEqual([[true, DEMO_PAYMASTER]])
    expect(await hardhat().getCode({ address: smart })).toMatch(/^0x6/)
    expect(await hardhat().getBalance({ address: smart })).toBe(parseEther('1') - parseEther('0.001'))
    await expect.poll(() => currentView(page), { timeout: 15_000 }).toBe('Account')
    await page.keyboard.press('Escape')
    await waitForModal(page, false)

    // The demo's "Sign message", approved in the frame: the deployed account's ERC-1271 accepts it.
    await page.getByRole('button', { name: 'Sign message' }).click()
    await approveInFrame(page)
    const signed = page.getByTestId('result').and(page.locator('[data-kind="signature"]'))
    await signed.waitFor({ timeout: 20_000 })
    const signature = (await signed.textContent())!.match(/0x[0-9a-f]+/i)![0] as Hex
    expect(isErc6492Signature(signature)).toBe(false)
    expect(await hardhat().verifyMessage({ address: smart, message: 'Hello from Portico', signature })).toBe(true)

    // The AccountType view: the key's own address, then back to the smart account.
    await openFeature(page, 'Account type', 'AccountType')
    await modal(page).locator('[data-account-type="eoa"]').getByRole('button', { name: 'Use this account' }).click()
    await expect.poll(() => shownAddress(page)).not.toBe(smart)
    const eoa = await shownAddress(page)
    expect(eoa).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await modal(page).locator('[data-account-type="smartAccount"]').getByRole('button', { name: 'Use this account' }).click()
    await expect.poll(() => shownAddress(page)).toBe(smart)
    await page.keyboard.press('Escape')
    await waitForModal(page, false)

    // "Hardhat 2" has no smart account: the EOA there, the smart account again on "Hardhat".
    await page.getByLabel('Switch network').selectOption({ label: 'Hardhat 2' })
    await expect.poll(() => text(page, 'network-name')).toBe('Hardhat 2')
    await expect.poll(() => shownAddress(page)).toBe(eoa)
    await page.getByLabel('Switch network').selectOption({ label: 'Hardhat' })
    await expect.poll(() => shownAddress(page)).toBe(smart)
  })

  it('SIWX with a smart account that is not deployed yet: the backend verifies the ERC-6492 signature', async () => {
    const page = await open('?siwx=optional')
    const smart = (await loginOnNewDevice(page, uniqueEmail('smart-siwx'))) as Address
    expect(await hardhat().getCode({ address: smart })).toBeUndefined()
    await expect.poll(() => currentView(page)).toBe('SIWXSignMessage')
    const sign = modal(page).getByRole('button', { name: 'Sign', exact: true })
    await expect.poll(() => sign.isEnabled()).toBe(true)
    await sign.click()
    await approveInFrame(page)
    await expect.poll(() => currentView(page), { timeout: 20_000 }).toBeNull()
    await expect.poll(() => text(page, 'siwx-session')).toBe(`Signed in as ${smart} on eip155:31337`)
    expect(await hardhat().getCode({ address: smart })).toBeUndefined()
  })
})
