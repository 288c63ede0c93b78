// Issue 6 "How it is shown", in real Chromium: the built demo under its strict CSP with
// the Solana shim (litesvm) where "Solana Local" points (8899, PubSub on 8900), Hardhat
// where "Hardhat" / "Hardhat 2" point (8545 / 8546), a Wallet Standard Solana test wallet
// and an EIP-6963 EVM test wallet injected by the test (both sign in Node; keys never in
// the page), and the demo's own dev wallet off.
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SOLANA_ADDRESS, DEV_SOLANA_WALLET_NAME } from '../../demo/devWallet/solanaInfo.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, PortBusyError, assertPortFree } from '../peers/hardhat.ts'
import { type SolanaRpc, startSolanaRpc } from '../peers/solanaRpc.mjs'
import { type SolanaTestWalletHandle, installSolanaTestWallet, verifyEd25519 } from '../peers/solanaTestWallet.ts'
import { type TestWalletHandle, installTestWallet } from '../peers/testWallet.ts'
import { TEST_WALLET_NAME, TEST_WALLET_RDNS, modal, startDemoChains, text } from './evmSupport.ts'
import { type DemoServer, type RecordedPage, launchBrowser, newPage } from './harness.ts'
import { type PrivateDemo, assertCleanPage, buildPrivateDemo, requestsFor, startPrivateDemo } from './modalHarness.ts'
import { panelResult } from './signerDemo.ts'

const SOLANA_WALLET_NAME = 'Portico Solana Test Wallet'
const DEMO_SOL_RECEIVER = 'GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB' // demo/SolanaPanel.tsx
const STARTING_LAMPORTS = 5_123_456_789n

let chains: [HardhatNode, HardhatNode] | undefined
let sol: SolanaRpc | undefined
let build: PrivateDemo
let demo: DemoServer
let browser: Browser
const pages: RecordedPage[] = []

/** The shim on the demo's 8899 (and 8900 for PubSub); a busy port says why. */
async function startDemoSolana(): Promise<SolanaRpc> {
  for (const port of [8899, 8900]) {
    await assertPortFree(port).catch((error: unknown) => {
      const why = error instanceof PortBusyError ? error.message : String(error)
      throw new Error(`Solana browser tests: the demo network "Solana Local" (demo/config.ts) needs 8899 and 8900 (usually \`npm start\` holds them): ${why}`)
    })
  }
  return startSolanaRpc({ port: 8899 })
}

beforeAll(async () => {
  const started = await Promise.allSettled([startDemoChains(), startDemoSolana(), buildPrivateDemo(), launchBrowser()])
  if (started[0].status === 'fulfilled') chains = started[0].value
  if (started[1].status === 'fulfilled') sol = started[1].value
  if (started[2].status === 'fulfilled') build = started[2].value
  if (started[3].status === 'fulfilled') browser = started[3].value
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) throw failed.reason
  demo = await startPrivateDemo(build)
}, 120_000)

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await demo?.close()
  await build?.dispose()
  await Promise.all([chains?.[0].stop(), chains?.[1].stop(), sol?.stop()])
})

const lamportsOf = async (address: string) => BigInt(await new Connection(sol!.url, 'confirmed').getBalance(new PublicKey(address)))

/** Lamports as the demo shows them: SOL with 9 decimals, cut (never rounded) to 3. */
function expectedSolText(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').slice(0, 3).replace(/0+$/, '')
  return `${fraction ? `${whole}.${fraction}` : whole} SOL`
}

interface Opened extends RecordedPage {
  solana: SolanaTestWalletHandle
  evm?: TestWalletHandle
}

/** The demo with a funded Solana test wallet (and, unless `evm: false`, the EVM test wallet), installed before the first byte. */
async function open(options: { search?: string; evm?: boolean; solana?: boolean } = {}): Promise<Opened> {
  const recorded = await newPage(browser, 'about:blank')
  pages.push(recorded)
  const keypair = Keypair.generate()
  await new Connection(sol!.url, 'confirmed').requestAirdrop(keypair.publicKey, Number(STARTING_LAMPORTS))
  const solana = await installSolanaTestWallet(recorded.page, { name: SOLANA_WALLET_NAME, keypair, rpcUrl: sol!.url })
  const evm =
    options.evm === false
      ? undefined
      : await installTestWallet(recorded.page, {
          name: TEST_WALLET_NAME,
          rdns: TEST_WALLET_RDNS,
          privateKey: HARDHAT_ACCOUNT_0.privateKey,
          rpcUrls: { 31337: chains![0].url, 31338: chains![1].url },
          knownChainIds: [31337],
        })
  await recorded.page.goto(`${demo.url}/${options.search ?? '?devwallet=off'}`, { waitUntil: 'load' })
  await recorded.page.getByTestId('open-modal').waitFor()
  return { ...recorded, solana, ...(evm ? { evm } : {}) }
}

const storage = (page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = localStorage.getItem(k)
    return raw === null ? null : (JSON.parse(raw) as unknown)
  }, key)

const connected = (page: Page) => page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')

async function connectWallet(page: Page, name: string) {
  await page.getByTestId('open-modal').click()
  await modal(page).getByTestId('portico-connect').waitFor()
  await modal(page).getByRole('button', { name, exact: true }).click()
  await connected(page)
}

const result = (page: Page) => panelResult(page, 'solana-result')

describe('Solana through the modal (issue 6 "How it is shown")', () => {
  it('connect the Wallet Standard wallet: address on Solana Local, balance equals the shim’s (9 decimals, cut to 3)', async () => {
    const recorded = await open()
    const { page, solana } = recorded
    await page.getByLabel('Switch network').selectOption({ label: 'Solana Local' })
    await expect.poll(() => text(page, 'network-name')).toBe('Solana Local')
    await connectWallet(page, SOLANA_WALLET_NAME)

    expect(await text(page, 'account-address')).toBe(solana.address)
    expect(await text(page, 'account-caip-address')).toBe(`solana:localnet:${solana.address}`)
    expect(await text(page, 'network-chain-id')).toBe('localnet')
    const lamports = await lamportsOf(solana.address)
    expect(lamports).toBe(STARTING_LAMPORTS)
    await expect.poll(() => text(page, 'account-balance')).toBe(expectedSolText(lamports))
    expect(expectedSolText(lamports)).toBe('5.123 SOL')
    expect(solana.prompts.map((p) => [p.feature, p.approved])).toEqual([['standard:connect', true]])
    expect(await storage(page, '@portico/connected_connector_ids')).toMatchObject({ solana: expect.any(String) })
    assertCleanPage(recorded)
  })

  it('"Sign Solana message": the signature verifies with ed25519 in Node against the wallet’s public key', async () => {
    const recorded = await open()
    const { page, solana } = recorded
    await connectWallet(page, SOLANA_WALLET_NAME)
    await page.getByRole('button', { name: 'Sign Solana message' }).click()
    const { kind, text: signatureHex } = await result(page)
    expect(kind, signatureHex).toBe('signature')
    const signature = Buffer.from(signatureHex, 'hex')
    expect(signature).toHaveLength(64)
    const message = new TextEncoder().encode('Hello from Portico')
    expect(verifyEd25519(solana.keypair.publicKey.toBytes(), message, signature)).toBe(true)
    expect(verifyEd25519(solana.keypair.publicKey.toBytes(), new TextEncoder().encode('Hello from Portico!'), signature)).toBe(false)
    expect(solana.prompts.map((p) => p.feature)).toEqual(['standard:connect', 'solana:signMessage'])
    assertCleanPage(recorded)
  })

  it('"Send SOL": the transfer lands on the shim (receiver +0.01 SOL, sender −0.01 SOL − the 5000-lamport fee)', async () => {
    const recorded = await open()
    const { page, solana } = recorded
    await connectWallet(page, SOLANA_WALLET_NAME)
    const receiverBefore = await lamportsOf(DEMO_SOL_RECEIVER)
    await page.getByRole('button', { name: 'Send SOL' }).click()
    const { kind, text: signature } = await result(page)
    expect(kind, signature).toBe('transaction')
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const confirmed = await new Connection(sol!.url, 'confirmed').getSignatureStatuses([signature])
    expect(confirmed.value[0]?.err).toBeNull()
    expect(await lamportsOf(DEMO_SOL_RECEIVER)).toBe(receiverBefore + BigInt(LAMPORTS_PER_SOL / 100))
    const sender = await lamportsOf(solana.address)
    expect(sender).toBe(STARTING_LAMPORTS - 10_000_000n - 5_000n)
    expect(solana.calls.find((c) => c.feature === 'solana:signAndSendTransaction')).toBeDefined()
    assertCleanPage(recorded)
  })
})

describe('an EVM and a Solana account at once (issue 6 item 1, switching and disconnect)', () => {
  it('connect both; the network select switches namespace and recomposes the address; each namespace leaves alone', async () => {
    const recorded = await open()
    const { page, solana } = recorded
    const evm = recorded.evm!
    await page.getByLabel('Switch network').selectOption({ label: 'Solana Local' })
    await connectWallet(page, SOLANA_WALLET_NAME)
    expect(await text(page, 'account-caip-address')).toBe(`solana:localnet:${solana.address}`)

    // The EVM wallet too: choosing Hardhat switches the namespace (not yet connected there), then connect.
    await page.getByLabel('Switch network').selectOption({ label: 'Hardhat' })
    await expect.poll(() => text(page, 'network-name')).toBe('Hardhat')
    await connectWallet(page, TEST_WALLET_NAME)
    expect(await text(page, 'account-caip-address')).toBe(`eip155:31337:${evm.address}`)
    await expect.poll(() => text(page, 'account-balance')).toMatch(/ ETH$/)
    expect(await storage(page, '@portico/connected_connector_ids')).toEqual({ solana: expect.any(String), eip155: TEST_WALLET_RDNS })

    // Switching across namespaces: no wallet prompt, the address is recomposed as namespace:id:address.
    const evmPrompts = evm.prompts.length
    const solanaPrompts = solana.prompts.length
    await page.getByLabel('Switch network').selectOption({ label: 'Solana Local' })
    await expect.poll(() => text(page, 'account-caip-address')).toBe(`solana:localnet:${solana.address}`)
    expect(await text(page, 'account-address')).toBe(solana.address)
    expect(await text(page, 'account-status')).toBe('connected')
    await expect.poll(() => text(page, 'account-balance')).toBe(expectedSolText(await lamportsOf(solana.address)))
    expect(await storage(page, '@portico/active_caip_network_id')).toBe('solana:localnet')
    await page.getByLabel('Switch network').selectOption({ label: 'Hardhat' })
    await expect.poll(() => text(page, 'account-caip-address')).toBe(`eip155:31337:${evm.address}`)
    expect(await text(page, 'network-chain-id')).toBe('31337')
    expect([evm.prompts.length, solana.prompts.length]).toEqual([evmPrompts, solanaPrompts])

    // Both providers are live: the Solana panel still signs while eip155 is active.
    await page.getByRole('button', { name: 'Sign Solana message' }).click()
    const signed = await result(page)
    expect(signed.kind, signed.text).toBe('signature')

    // An announced (injected) wallet leaves only its namespace: eip155 goes, Solana stays.
    await page.getByTestId('disconnect-namespace').click()
    await expect.poll(() => storage(page, '@portico/connected_connector_ids')).toEqual({ solana: expect.any(String) })
    await page.getByLabel('Switch network').selectOption({ label: 'Solana Local' })
    await expect.poll(() => text(page, 'account-caip-address')).toBe(`solana:localnet:${solana.address}`)
    expect(await text(page, 'account-status')).toBe('connected')
    expect(solana.state().authorized).toBe(true)

    // Then Solana alone: nothing is left connected.
    await page.getByTestId('disconnect-namespace').click()
    await expect.poll(() => text(page, 'account-status')).toBe('disconnected')
    await expect.poll(() => storage(page, '@portico/connected_connector_ids')).toEqual({})
    expect(await page.getByRole('button', { name: 'Sign Solana message' }).isDisabled()).toBe(true)
    assertCleanPage(recorded)
  })

  it('the demo’s Disconnect (no namespace) disconnects both', async () => {
    const recorded = await open()
    const { page } = recorded
    await page.getByLabel('Switch network').selectOption({ label: 'Solana Local' })
    await connectWallet(page, SOLANA_WALLET_NAME)
    await page.getByLabel('Switch network').selectOption({ label: 'Hardhat' })
    await connectWallet(page, TEST_WALLET_NAME)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect.poll(() => text(page, 'account-status')).toBe('disconnected')
    await expect.poll(() => storage(page, '@portico/connected_connector_ids')).toEqual({})
    await page.getByLabel('Switch network').selectOption({ label: 'Solana Local' })
    expect(await text(page, 'account-status')).toBe('disconnected')
    assertCleanPage(recorded)
  })
})

describe('an EVM-only page never downloads the other namespaces (issue 6 "How it is shown")', () => {
  /** The lazy chunks of the build made of the Solana, Bitcoin and Polkadot plugins' code. */
  const otherNamespaceChunks = () => {
    const initial = new Set(build.initialScripts())
    const prefix = build.root.slice(build.root.indexOf('dist/'))
    return Object.entries(build.meta.outputs)
      .filter(([file, output]) => file.endsWith('.js') && Object.keys(output.inputs).some((input) => /^plugins\/namespaces\/(solana|bip122|polkadot)\//.test(input)))
      .map(([file]) => file.slice(prefix.length))
      .filter((path) => !initial.has(path))
  }

  it('?networks=evm: open the modal, connect, sign out; no Solana, Bitcoin or Polkadot chunk is requested (the full demo does request the Solana body)', async () => {
    const lazy = otherNamespaceChunks()
    const solanaBody = build.chunkOf('plugins/namespaces/solana/body.ts')
    expect(lazy).toContain(solanaBody)
    expect(lazy).toContain(build.chunkOf('plugins/namespaces/bip122/body.ts'))
    expect(lazy).toContain(build.chunkOf('plugins/namespaces/polkadot/body.ts'))

    const evmOnly = await open({ search: '?devwallet=off&networks=evm' })
    const { page } = evmOnly
    const options = await page.getByLabel('Switch network').locator('option').allInnerTexts()
    expect(options).toEqual(['Hardhat', 'Hardhat 2', 'Ethereum', 'Base'])
    await page.getByTestId('open-modal').click()
    await modal(page).getByTestId('portico-connect').waitFor()
    // Only the EVM wallet is listed, though a Solana wallet registered itself in the page.
    await expect.poll(() => modal(page).getByRole('button', { name: TEST_WALLET_NAME, exact: true }).count()).toBe(1)
    expect(await modal(page).getByRole('button', { name: SOLANA_WALLET_NAME, exact: true }).count()).toBe(0)
    await modal(page).getByRole('button', { name: TEST_WALLET_NAME, exact: true }).click()
    await connected(page)
    await expect.poll(() => text(page, 'account-balance')).toMatch(/ ETH$/)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect.poll(() => text(page, 'account-status')).toBe('disconnected')
    const requested = lazy.filter((path) => requestsFor(evmOnly.requests, path).length > 0)
    expect(requested).toEqual([])
    expect(evmOnly.requests.some((url) => new URL(url).pathname.includes('/chunks/'))).toBe(true)
    assertCleanPage(evmOnly)

    // Control: the full demo fetches the Solana body at the first modal open.
    const full = await open()
    await full.page.getByTestId('open-modal').click()
    await modal(full.page).getByRole('button', { name: SOLANA_WALLET_NAME, exact: true }).waitFor()
    expect(requestsFor(full.requests, solanaBody).length).toBe(1)
    assertCleanPage(full)
  })
})

describe('the demo’s Solana dev wallet (issue 6 item 5)', () => {
  const prompt = (page: Page) => page.getByTestId('devwallet-prompt')
  async function answer(page: Page, choice: 'Approve' | 'Reject', mentions: string) {
    await prompt(page).waitFor()
    expect(await prompt(page).innerText()).toContain(mentions)
    await prompt(page).getByRole('button', { name: choice, exact: true }).click()
    await prompt(page).waitFor({ state: 'detached' })
  }

  it('registered by the demo (?devwallet=on), it connects after Approve, shows the shim’s balance, signs (ed25519-verified in Node), sends SOL, and can refuse', async () => {
    await new Connection(sol!.url, 'confirmed').requestAirdrop(new PublicKey(DEV_SOLANA_ADDRESS), 3 * LAMPORTS_PER_SOL)
    const recorded = await open({ search: '?devwallet=on', evm: false })
    const { page } = recorded
    await page.getByLabel('Switch network').selectOption({ label: 'Solana Local' })
    await page.getByTestId('open-modal').click()
    await modal(page).getByTestId('portico-connect').waitFor()
    await modal(page).getByRole('button', { name: DEV_SOLANA_WALLET_NAME, exact: true }).click()
    await answer(page, 'Approve', 'Connect to this site?')
    await connected(page)
    expect(await text(page, 'account-caip-address')).toBe(`solana:localnet:${DEV_SOLANA_ADDRESS}`)
    await expect.poll(() => text(page, 'account-balance')).toBe(expectedSolText(await lamportsOf(DEV_SOLANA_ADDRESS)))

    await page.getByRole('button', { name: 'Sign Solana message' }).click()
    await answer(page, 'Approve', 'Hello from Portico')
    const signed = await result(page)
    expect(signed.kind, signed.text).toBe('signature')
    const message = new TextEncoder().encode('Hello from Portico')
    expect(verifyEd25519(new PublicKey(DEV_SOLANA_ADDRESS).toBytes(), message, Buffer.from(signed.text, 'hex'))).toBe(true)

    const receiverBefore = await lamportsOf(DEMO_SOL_RECEIVER)
    await page.getByRole('button', { name: 'Send SOL' }).click()
    await answer(page, 'Approve', 'Sign and send this transaction?')
    const sent = await result(page)
    expect(sent.kind, sent.text).toBe('transaction')
    expect(await lamportsOf(DEMO_SOL_RECEIVER)).toBe(receiverBefore + BigInt(LAMPORTS_PER_SOL / 100))

    await page.getByRole('button', { name: 'Sign Solana message' }).click()
    await answer(page, 'Reject', 'Hello from Portico')
    const refused = await result(page)
    expect(refused).toEqual({ kind: 'error', text: expect.stringContaining('rejected') })
    assertCleanPage(recorded)
  })
})
