// Issue 18 item 3, the WalletConnect relay killed, in real Chromium: the built demo (dev
// wallet off) with the local relay (8620) and wallet registry (8630) demo/config.ts points
// at, Hardhat 31337 on 8545, and a sign-client wallet in Node (Hardhat account #1). The
// relay's server is stopped (every socket closed, every message it held dropped, as a
// killed relay process loses them) and a new one started on the same port: while the page
// shows its QR code, for longer than the page waits, and while a transaction request is
// with the wallet.
import { type Hash, type Hex, createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HARDHAT_ACCOUNT_1 } from '../peers/hardhat.ts'
import { startRelay } from '../peers/relay.mjs'
import { type WcApproveFn, type WcWallet, startWcWallet } from '../peers/wcWallet.mjs'
import { currentView, modal, text } from './evmSupport.ts'
import type { RecordedPage } from './harness.ts'
import { WALLETCONNECT_PORTS, type WalletConnectStack, assertCleanWalletConnectPage, pairingUri, startWalletConnectStack } from './walletConnectSupport.ts'

const ADDRESS = HARDHAT_ACCOUNT_1.address

let stack: WalletConnectStack | undefined
const wallets: WcWallet[] = []

beforeAll(async () => {
  stack = await startWalletConnectStack()
}, 120_000)

afterAll(async () => {
  await Promise.all(wallets.splice(0).map((w) => w.stop().catch(() => undefined)))
  await stack?.stop()
})

/** The phone: a sign-client wallet on the relay with account #1 on 31337. */
async function phone(name: string, approve?: WcApproveFn): Promise<WcWallet> {
  const w = await startWcWallet({
    relayUrl: stack!.relay.url,
    privateKey: HARDHAT_ACCOUNT_1.privateKey,
    rpcUrls: { 31337: stack!.node.url },
    storagePrefix: `wc-faults-${name}`,
    approve,
  })
  wallets.push(w)
  return w
}

async function stopRelay(): Promise<void> {
  await stack!.relay.stop()
}

async function startRelayAgain(): Promise<void> {
  stack!.relay = await startRelay({ port: WALLETCONNECT_PORTS.relay })
}

/** The uri of the QR code shown now, once it differs from `old`. */
async function freshUri(recorded: RecordedPage, old: string, timeout: number): Promise<string> {
  const panel = modal(recorded.page).getByTestId('portico-wc-pairing')
  await expect.poll(async () => ((await panel.count()) > 0 ? panel.getAttribute('data-uri') : null), { timeout }).toMatch(/^wc:/)
  await expect.poll(() => panel.getAttribute('data-uri'), { timeout }).not.toBe(old)
  return (await panel.getAttribute('data-uri'))!
}

async function expectConnected(recorded: RecordedPage): Promise<void> {
  await expect.poll(() => text(recorded.page, 'account-status'), { timeout: 15_000 }).toBe('connected')
  expect(await text(recorded.page, 'account-address')).toBe(ADDRESS)
  await expect.poll(() => currentView(recorded.page)).toBeNull()
}

/**
 * While the relay is down Chromium logs each socket the page tries as failed, and
 * WalletConnect's client logs that it could not connect; those lines are expected then.
 */
const RELAY_DOWN = [/WebSocket connection to 'ws:\/\/127\.0\.0\.1:8620\/.*' failed/, /Couldn't establish socket connection to the relay server: ws:\/\/127\.0\.0\.1:8620/]

describe('the WalletConnect relay killed', () => {
  it('while the QR code shows: once the relay is back a fresh QR code shows by itself, the phone pairs with it', async () => {
    const recorded = await stack!.open()
    const shown = await pairingUri(recorded)
    const killed = performance.now()
    await stopRelay()
    await startRelayAgain()
    // The restarted relay has forgotten the proposal behind the old code: the page makes a new one.
    const fresh = await freshUri(recorded, shown, 15_000)
    console.info(`[faults] relay killed under the QR code: a fresh one showed ${(performance.now() - killed).toFixed(0)} ms later`)
    expect(await modal(recorded.page).getByTestId('portico-wc-error').count()).toBe(0)
    const w = await phone('pairing')
    const session = await w.pair(fresh)
    await expectConnected(recorded)
    expect(session.namespaces['eip155']!.accounts).toContain(`eip155:31337:${ADDRESS}`)
    expect(w.sessions()).toEqual([session.topic])
    assertCleanWalletConnectPage(recorded, RELAY_DOWN)
  })

  it("down longer than the page waits (15 s): 'Connection failed' with Retry; with the relay back, Retry shows a new QR code and the phone pairs", async () => {
    const recorded = await stack!.open()
    const shown = await pairingUri(recorded)
    await stopRelay()
    const stopped = performance.now()
    const failure = modal(recorded.page).getByTestId('portico-wc-error')
    await failure.waitFor({ timeout: 25_000 })
    console.info(`[faults] relay down under the QR code: 'Connection failed' after ${(performance.now() - stopped).toFixed(0)} ms`)
    const lines = (await failure.innerText()).split('\n').filter(Boolean)
    expect(lines).toEqual(['Connection failed', 'The wallet declined, or the connection service could not be reached.', 'Retry'])
    expect(await modal(recorded.page).getByTestId('portico-wc-pairing').count()).toBe(0)
    await startRelayAgain()
    await failure.getByRole('button', { name: 'Retry' }).click()
    const fresh = await freshUri(recorded, shown, 15_000)
    const w = await phone('retry')
    await w.pair(fresh)
    await expectConnected(recorded)
    assertCleanWalletConnectPage(recorded, RELAY_DOWN)
  }, 90_000)

  it('while a transaction request is with the phone: the hash arrives once the relay is back, the node has it exactly once, and the session then still signs', async () => {
    const chain = createPublicClient({ transport: http(stack!.node.url) })
    let restarted: number | undefined
    const w = await phone('request', async (method) => {
      // The phone holds the request when the relay dies; it answers over the new one.
      if (method === 'eth_sendTransaction' && restarted === undefined) {
        await stopRelay()
        await startRelayAgain()
        restarted = performance.now()
      }
      return true
    })
    const recorded = await stack!.open()
    const { page } = recorded
    await w.pair(await pairingUri(recorded))
    await expectConnected(recorded)
    const nonce = await chain.getTransactionCount({ address: ADDRESS })

    await page.getByRole('button', { name: 'Send transaction' }).click()
    const result = page.getByTestId('result')
    await expect.poll(() => result.getAttribute('data-kind'), { timeout: 45_000 }).toMatch(/^(transaction|error)$/)
    console.info(`[faults] relay killed during eth_sendTransaction: the page had its answer ${(performance.now() - restarted!).toFixed(0)} ms after the restart`)
    expect(await result.getAttribute('data-kind')).toBe('transaction')
    const hash = (await result.innerText()) as Hash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await chain.getTransactionReceipt({ hash })).toMatchObject({ status: 'success', from: ADDRESS.toLowerCase() })
    expect((await chain.getTransaction({ hash })).value).toBe(parseEther('0.001'))
    // Sent once: one request reached the phone, and the account's nonce moved by one.
    expect(w.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
    expect(await chain.getTransactionCount({ address: ADDRESS })).toBe(nonce + 1)

    // Nothing lost: the same session, still connected, signs.
    expect(await text(page, 'account-status')).toBe('connected')
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect.poll(() => result.getAttribute('data-kind'), { timeout: 15_000 }).toBe('signature')
    expect(await verifyMessage({ address: ADDRESS, message: 'Hello from Portico', signature: (await result.innerText()) as Hex })).toBe(true)
    expect(w.sessions()).toHaveLength(1)
    assertCleanWalletConnectPage(recorded, RELAY_DOWN)
  }, 90_000)
})
