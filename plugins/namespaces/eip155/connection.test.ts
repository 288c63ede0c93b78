import { type Hex, formatUnits, toHex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  Alerts,
  type ConnectionStatus,
  ErrorText,
  type PorticoEvent,
  type PorticoKit,
  type PorticoOptions,
  type StorageBackend,
  createKernel,
  createMemoryBackend,
  defineNetwork,
  isUnsupportedPlaceholder,
} from '../../../kernel/index.ts'
import { USER_REJECTED_CODE } from '../../../kernel/wallets/index.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc, startHardhat } from '../../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../../test/peers/networks.ts'
import { type ApproveFn, DEFAULT_TEST_WALLET_ICON, createTestWallet } from '../../../test/peers/testWallet.ts'
import { Eip155ErrorText } from './errors.ts'
import { eip155Plugin } from './index.ts'

// The kernel's connection service end to end with this plugin, a test wallet and
// two real Hardhat nodes. Ports 8557/8558 belong to this file.
const RDNS = 'org.portico.test'
let node1: HardhatNode
let node2: HardhatNode
let chain1: ReturnType<typeof hardhatNetwork>
let chain2: ReturnType<typeof hardhatNetwork>

beforeAll(async () => {
  ;[node1, node2] = await Promise.all([startHardhat({ port: 8557 }), startHardhat({ port: 8558, chainId: 31338 })])
  chain1 = hardhatNetwork(node1.url)
  chain2 = hardhatNetwork(node2.url, 31338)
})
afterAll(async () => {
  await Promise.all([node1?.stop(), node2?.stop()])
})

const g = globalThis as unknown as { window?: EventTarget }
const kits: PorticoKit[] = []
const unannounce: (() => void)[] = []
beforeEach(() => {
  g.window = new EventTarget()
})
afterEach(() => {
  kits.splice(0).forEach((kit) => kit.destroy())
  unannounce.splice(0).forEach((stop) => stop())
  delete g.window
})

function wallet(options: { knownChainIds?: number[]; approve?: ApproveFn } = {}) {
  const w = createTestWallet({
    name: 'Test Wallet',
    rdns: RDNS,
    rpcUrls: { 31337: node1.url, 31338: node2.url },
    privateKey: HARDHAT_ACCOUNT_0.privateKey,
    knownChainIds: options.knownChainIds ?? [31337],
    approve: (method, params) => options.approve?.(method, params) ?? true,
  })
  unannounce.push(w.announce())
  return w
}

function kit(options: Partial<PorticoOptions> = {}, storage: StorageBackend = createMemoryBackend()) {
  const warnings: unknown[][] = []
  const k = createKernel(
    { projectId: 'test', networks: [chain1, chain2], features: { analytics: false }, plugins: [eip155Plugin()], ...options },
    {
      storage,
      logger: { warn: (...args) => warnings.push(args), error: (...args) => warnings.push(args) },
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
    },
  )
  kits.push(k)
  const statuses: ConnectionStatus[] = []
  k.chains.select((s) => s.chains.eip155?.accountState.status).subscribe((s) => s && statuses.push(s))
  const events: PorticoEvent[] = []
  k.subscribeEvents((event) => events.push(event))
  return { kit: k, statuses, events, warnings, storage }
}

const account = (k: PorticoKit) => k.chains.record('eip155')!.accountState

/** Connects the way the Connect view will: the body is active (modal open), then kit.connect. */
async function connect(k: PorticoKit) {
  await k.restored
  await k.plugins.load('eip155')
  await k.connect({ connectorId: RDNS, namespace: 'eip155' })
}

describe('connect through the kit', () => {
  it('lists the announced wallet once the body is active, and wallets come first', async () => {
    wallet()
    const { kit: k } = kit()
    expect(k.connectors.list()).toEqual([])
    await k.plugins.load('eip155')
    expect(k.connectors.list().map((c) => [c.id, c.type, c.chain])).toEqual([[RDNS, 'ANNOUNCED', 'eip155']])
    expect(k.connectMethods()[0]?.id).toBe('wallet')
  })

  it('goes disconnected -> connecting -> connected and fills the account state', async () => {
    const w = wallet()
    const { kit: k, statuses, events, storage } = kit()
    await connect(k)
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(account(k)).toMatchObject({
      address: HARDHAT_ACCOUNT_0.address,
      caipAddress: `eip155:31337:${HARDHAT_ACCOUNT_0.address}`,
      allAccounts: [{ address: HARDHAT_ACCOUNT_0.address, type: 'eoa', namespace: 'eip155' }],
      connectedWalletInfo: { name: 'Test Wallet', icon: DEFAULT_TEST_WALLET_ICON, identifier: RDNS },
      status: 'connected',
    })
    // Hardhat has no block explorer, so there is no explorer link.
    expect(account(k).addressExplorerUrl).toBeUndefined()
    const wei = BigInt(await rpc<string>(node1.url, 'eth_getBalance', [HARDHAT_ACCOUNT_0.address, 'latest']))
    await vi.waitFor(() => expect(account(k)).toMatchObject({ balance: formatUnits(wei, 18), balanceSymbol: 'ETH' }))
    expect(k.getProvider('eip155')).toBe(w.provider)
    expect(events).toContainEqual({ type: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'Test Wallet', namespace: 'eip155' } })

    const stored = (key: string) => JSON.parse(storage.getItem(key) ?? 'null')
    expect(stored('@portico/connected_connector_ids')).toEqual({ eip155: RDNS })
    expect(stored('@portico/active_caip_network_id')).toBe('eip155:31337')
    expect(stored('@portico/connection_status')).toBe('connected')
  })

  it('a refused connection returns to disconnected and tells why', async () => {
    wallet({ approve: () => false })
    const { kit: k, statuses, events, storage } = kit()
    await k.plugins.load('eip155')
    await expect(k.connect({ connectorId: RDNS, namespace: 'eip155' })).rejects.toMatchObject({
      shortMessage: Eip155ErrorText.USER_REJECTED,
      code: USER_REJECTED_CODE,
    })
    expect(statuses).toEqual(['disconnected', 'connecting', 'disconnected'])
    expect(events.find((e) => e.type === 'CONNECT_ERROR')).toBeDefined()
    expect(storage.getItem('@portico/connected_connector_ids')).toBeNull()
  })
})

describe('kit.request with a browser wallet', () => {
  it('personal_sign goes to the connected wallet and its signature verifies; a refusal comes back as the wallet error', async () => {
    let refuse = false
    wallet({ approve: (method) => !(refuse && method === 'personal_sign') })
    const { kit: k } = kit()
    await connect(k)
    const message = toHex('Hello from kit.request')
    const signature = (await k.request({ method: 'personal_sign', params: [message, HARDHAT_ACCOUNT_0.address] })) as Hex
    expect(await verifyMessage({ address: HARDHAT_ACCOUNT_0.address as Hex, message: { raw: message }, signature })).toBe(true)
    refuse = true
    await expect(k.request({ method: 'personal_sign', params: [message, HARDHAT_ACCOUNT_0.address] })).rejects.toMatchObject({
      code: USER_REJECTED_CODE,
    })
  })
})

describe('resume on the next visit', () => {
  it('a fresh kit on the same storage resumes with eth_accounts, without a prompt', async () => {
    const w = wallet()
    const first = kit()
    await connect(first.kit)
    first.kit.destroy()
    const prompts = w.prompts.length
    const callsBefore = w.calls.length

    const second = kit({}, first.storage)
    await second.kit.restored
    expect(second.statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(account(second.kit).caipAddress).toBe(`eip155:31337:${HARDHAT_ACCOUNT_0.address}`)
    expect(w.prompts.length).toBe(prompts)
    const resumeCalls = w.calls.slice(callsBefore).map((c) => c.method)
    expect(resumeCalls).toContain('eth_accounts')
    expect(resumeCalls).not.toContain('eth_requestAccounts')
  })

  it('a failed resume sets disconnected and clears the login cache', async () => {
    const w = wallet()
    const first = kit()
    await connect(first.kit)
    first.kit.destroy()
    await w.lock()
    first.storage.setItem('@portico-frame/email', JSON.stringify('visitor@example.com'))
    first.storage.setItem('@portico-frame/email_login_used', 'true')

    const second = kit({}, first.storage)
    await second.kit.restored
    expect(second.statuses).toEqual(['disconnected', 'connecting', 'disconnected'])
    expect(account(second.kit).address).toBeUndefined()
    expect(JSON.parse(first.storage.getItem('@portico/connection_status')!)).toBe('disconnected')
    expect(JSON.parse(first.storage.getItem('@portico/connected_connector_ids')!)).toEqual({})
    expect(first.storage.getItem('@portico-frame/email')).toBeNull()
    expect(first.storage.getItem('@portico-frame/email_login_used')).toBeNull()
  })

  it('a wallet that does not announce itself again is a failed resume too', async () => {
    wallet()
    const first = kit()
    await connect(first.kit)
    first.kit.destroy()
    unannounce.splice(0).forEach((stop) => stop())

    const second = kit({}, first.storage)
    await second.kit.restored
    expect(second.statuses).toEqual(['disconnected', 'connecting', 'disconnected'])
    expect(JSON.parse(first.storage.getItem('@portico/connection_status')!)).toBe('disconnected')
  }, 10_000)
})

describe('disconnect', () => {
  it('revokes in the wallet, resets the account, forgets the connector and ignores later wallet events', async () => {
    const w = wallet()
    const { kit: k, events, storage } = kit()
    await connect(k)
    storage.setItem('@portico-frame/email', JSON.stringify('visitor@example.com'))
    await k.disconnect()
    expect(w.calls.at(-1)?.method).toBe('wallet_revokePermissions')
    expect(account(k).address).toBeUndefined()
    expect(account(k).caipAddress).toBeUndefined()
    expect(account(k).status).toBe('disconnected')
    expect(JSON.parse(storage.getItem('@portico/connected_connector_ids')!)).toEqual({})
    expect(JSON.parse(storage.getItem('@portico/connection_status')!)).toBe('disconnected')
    expect(storage.getItem('@portico-frame/email')).toBeNull()
    expect(events).toContainEqual({ type: 'DISCONNECT_SUCCESS', properties: {} })
    expect(k.getProvider('eip155')).toBeUndefined()
    await w.emit('accountsChanged', [HARDHAT_ACCOUNT_1.address])
    expect(account(k).address).toBeUndefined()
  })
})

describe('wallet events move the kit', () => {
  it('accountsChanged recomposes the address; chainChanged follows to a configured chain; [] disconnects', async () => {
    const w = wallet({ knownChainIds: [31337, 31338] })
    const { kit: k } = kit()
    await connect(k)
    await w.emit('accountsChanged', [HARDHAT_ACCOUNT_1.address.toLowerCase()])
    expect(account(k).caipAddress).toBe(`eip155:31337:${HARDHAT_ACCOUNT_1.address}`)
    await w.setChain(31338)
    expect(k.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:31338')
    expect(account(k).caipAddress).toBe(`eip155:31338:${HARDHAT_ACCOUNT_1.address}`)
    await w.lock()
    await vi.waitFor(() => expect(account(k).status).toBe('disconnected'))
  })
})

describe('switching network through the kit', () => {
  it('switch -> 4902 -> add -> switch; the address, balance and storage follow', async () => {
    const w = wallet({ knownChainIds: [31337] })
    const { kit: k, events, storage } = kit()
    await connect(k)
    await k.switchNetwork(chain2)
    expect(w.state()).toMatchObject({ chainId: 31338, chains: { 31337: node1.url, 31338: node2.url } })
    expect(account(k).caipAddress).toBe(`eip155:31338:${HARDHAT_ACCOUNT_0.address}`)
    expect(JSON.parse(storage.getItem('@portico/active_caip_network_id')!)).toBe('eip155:31338')
    expect(events).toContainEqual(expect.objectContaining({ type: 'SWITCH_NETWORK', properties: expect.objectContaining({ caipNetworkId: 'eip155:31338', chainId: 31338 }) }))
    const wei = BigInt(await rpc<string>(node2.url, 'eth_getBalance', [HARDHAT_ACCOUNT_0.address, 'latest']))
    await vi.waitFor(() => expect(account(k).balance).toBe(formatUnits(wei, 18)))
  })

  it('a refused switch leaves everything as it was', async () => {
    wallet({ knownChainIds: [31337, 31338], approve: (method) => method !== 'wallet_switchEthereumChain' })
    const { kit: k } = kit()
    await connect(k)
    await expect(k.switchNetwork(chain2)).rejects.toMatchObject({ code: USER_REJECTED_CODE })
    expect(k.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:31337')
    expect(account(k).caipAddress).toBe(`eip155:31337:${HARDHAT_ACCOUNT_0.address}`)
  })

  it('a network outside the configured list raises the network-not-found alert', async () => {
    wallet()
    const { kit: k } = kit()
    await connect(k)
    const elsewhere = defineNetwork({ ...chain1, caipNetworkId: undefined, id: 999_999, name: 'Elsewhere' })
    await expect(k.switchNetwork(elsewhere)).rejects.toMatchObject({ shortMessage: ErrorText.NETWORK_NOT_FOUND })
    expect(k.alerts.store.get().current?.alert).toBe(Alerts.NETWORK_NOT_FOUND)
  })
})

describe('an unsupported chain', () => {
  const onlyChain1 = () => ({ networks: [chain1] })

  it('a wallet switch to an unlisted chain sets the placeholder and shows UnsupportedChain', async () => {
    const w = wallet({ knownChainIds: [31337, 31338] })
    const { kit: k } = kit(onlyChain1())
    await connect(k)
    await w.setChain(31338)
    const network = k.chains.get().activeCaipNetwork
    expect(network.caipNetworkId).toBe('eip155:31338')
    expect(isUnsupportedPlaceholder(network)).toBe(true)
    expect(account(k).caipAddress).toBe(`eip155:31338:${HARDHAT_ACCOUNT_0.address}`)
    expect(k.modal.store.get().open).toBe(true)
    expect(k.router.current().view).toBe('UnsupportedChain')
    // No balance is read for a chain the app does not know.
    await new Promise((done) => setTimeout(done, 50))
    expect(account(k).balance).toBeUndefined()
  })

  it('connecting while the wallet stays on an unlisted chain connects on the placeholder and shows UnsupportedChain', async () => {
    wallet({ knownChainIds: [31338, 31337], approve: (method) => method === 'eth_requestAccounts' })
    const { kit: k } = kit(onlyChain1())
    await connect(k)
    expect(isUnsupportedPlaceholder(k.chains.get().activeCaipNetwork)).toBe(true)
    expect(account(k).status).toBe('connected')
    expect(k.router.current().view).toBe('UnsupportedChain')
  })

  it.each([
    ['allowUnsupportedChain is on', { allowUnsupportedChain: true }],
    ['network switching is off', { enableNetworkSwitch: false }],
  ])('does not show UnsupportedChain when %s, but still uses the placeholder', async (_, options) => {
    const w = wallet({ knownChainIds: [31337, 31338] })
    const { kit: k } = kit({ ...onlyChain1(), ...options })
    await connect(k)
    await w.setChain(31338)
    expect(isUnsupportedPlaceholder(k.chains.get().activeCaipNetwork)).toBe(true)
    expect(k.modal.store.get().open).toBe(false)
  })

  it('basic mode (adapters: []) does not load the eip155 plugin at all', () => {
    wallet()
    const { kit: k } = kit({ adapters: [] })
    expect(k.plugins.manifests.map((m) => m.id)).not.toContain('eip155')
  })
})
