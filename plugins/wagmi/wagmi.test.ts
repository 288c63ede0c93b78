import { defineChain, formatUnits, parseEther, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConfig, createStorage, http } from 'wagmi'
import { connect as wagmiConnect, disconnect as wagmiDisconnect, reconnect, sendTransaction, signMessage, switchChain, waitForTransactionReceipt } from 'wagmi/actions'
import { type PorticoKit, type StorageBackend, createKernel, createMemoryBackend, resolve } from '../../kernel/index.ts'
import { IAuthService } from '../auth/index.ts'
import { EVM_ADDRESS, FRAME_URL, authOnFake, happyFrame } from '../auth/test/authKit.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc, startHardhat } from '../../test/peers/hardhat.ts'
import { createTestWallet } from '../../test/peers/testWallet.ts'
import { wagmiPlugin } from './index.ts'
import { porticoConnectors } from '../../entries/wagmi.ts'
import type { WagmiState } from './wagmiConfig.ts'
import { freePort } from '../../test/peers/freePort.ts'

// portico/wagmi against wagmi 3 (the repo's dev dependency), two real Hardhat nodes on free
// ports, and the EIP-1193 test wallet announced through EIP-6963, which wagmi's own
// discovery turns into a connector. No Portico EVM code of its own talks to the wallet.
const RDNS = 'org.portico.test'
let node1: HardhatNode
let node2: HardhatNode

beforeAll(async () => {
  const [port1, port2] = [await freePort(), await freePort()]
  ;[node1, node2] = await Promise.all([startHardhat({ port: port1 }), startHardhat({ port: port2, chainId: 31338 })])
})
afterAll(async () => {
  await Promise.all([node1?.stop(), node2?.stop()])
})

const g = globalThis as unknown as { window?: EventTarget }
const cleanups: (() => void)[] = []
beforeEach(() => {
  g.window = new EventTarget()
})
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup())
  delete g.window
})

const chain = (id: number, url: string) =>
  defineChain({ id, name: `Hardhat ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })

function wallet() {
  const w = createTestWallet({
    name: 'Test Wallet',
    rdns: RDNS,
    rpcUrls: { 31337: node1.url, 31338: node2.url },
    privateKey: HARDHAT_ACCOUNT_0.privateKey,
    knownChainIds: [31337, 31338],
    approve: () => true,
  })
  cleanups.push(w.announce())
  return w
}

/** wagmi's storage over a map that outlives a reload. */
const wagmiStorage = (map: Map<string, string>) =>
  createStorage({
    storage: {
      getItem: (key) => map.get(key) ?? null,
      setItem: (key, value) => void map.set(key, value),
      removeItem: (key) => void map.delete(key),
    },
  })
const DESKTOP = { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false }

/** One page load: the app's wagmi config and its kit, over storages that outlive a reload. */
function app(storages: { wagmi: Map<string, string>; kit: StorageBackend } = { wagmi: new Map(), kit: createMemoryBackend() }) {
  const [hardhat1, hardhat2] = [chain(31337, node1.url), chain(31338, node2.url)]
  const config = createConfig({
    chains: [hardhat1, hardhat2],
    transports: { [hardhat1.id]: http(node1.url), [hardhat2.id]: http(node2.url) },
    storage: wagmiStorage(storages.wagmi),
  })
  const kit = createKernel({ projectId: 'test', features: { analytics: false }, plugins: [wagmiPlugin({ config })] }, { storage: storages.kit, environment: DESKTOP })
  cleanups.push(() => kit.destroy())
  return { config, kit, storages }
}

const account = (kit: PorticoKit) => kit.chains.record('eip155')!.accountState
const connectedConnector = (config: ReturnType<typeof app>['config']) => config.connectors.find((c) => c.id === RDNS)!
/** wagmi's connection as its hooks read it (useConnection / useAccount). */
const wagmiAddress = (config: { state: WagmiState }) => (config.state.current ? config.state.connections.get(config.state.current)?.accounts[0] : undefined)
const requestAccounts = (w: ReturnType<typeof wallet>) => w.calls.filter((call) => call.method === 'eth_requestAccounts').length

/** The kit's plugin body starts with the kit; wagmi's discovery lists the wallet. */
async function started(kit: PorticoKit) {
  await kit.restored
  await vi.waitFor(() => expect(kit.connectors.list().map((c) => c.id)).toContain(RDNS))
}

describe('the networks and wallets come from the wagmi config', () => {
  it("the kit's EVM networks are the config's chains, declared once", async () => {
    wallet()
    const { kit } = app()
    expect(kit.chains.networks().map((n) => [n.caipNetworkId, n.name, n.rpcUrls.default.http[0]])).toEqual([
      ['eip155:31337', 'Hardhat 31337', node1.url],
      ['eip155:31338', 'Hardhat 31338', node2.url],
    ])
  })

  it("the modal's EVM wallets are the config's connectors, wagmi's EIP-6963 discovery included", async () => {
    wallet()
    const { kit } = app()
    await started(kit)
    expect(kit.connectors.list().find((c) => c.id === RDNS)).toMatchObject({ name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: RDNS } })
  })
})

describe('one source of truth: wagmi', () => {
  it("connecting in the modal is wagmi's connect: wagmi's hooks show the address, once asked", async () => {
    const w = wallet()
    const { config, kit } = app()
    await started(kit)
    await kit.connect({ connectorId: RDNS, namespace: 'eip155' })
    expect(wagmiAddress(config)).toBe(HARDHAT_ACCOUNT_0.address)
    expect(config.state.status).toBe('connected')
    expect(account(kit)).toMatchObject({ address: HARDHAT_ACCOUNT_0.address, caipAddress: `eip155:31337:${HARDHAT_ACCOUNT_0.address}`, status: 'connected' })
    expect(requestAccounts(w)).toBe(1)
    // The kit hands the app the very provider wagmi connected.
    expect(kit.getProvider('eip155')).toBe(w.provider)
    // The balance is read through the config's own transport for the chain.
    const wei = BigInt(await rpc<string>(node1.url, 'eth_getBalance', [HARDHAT_ACCOUNT_0.address, 'latest']))
    await vi.waitFor(() => expect(account(kit)).toMatchObject({ balance: formatUnits(wei, 18), balanceSymbol: 'ETH' }))
  })

  it("the app's own wagmi connect, chain switch and transactions are the kit's state too", async () => {
    const w = wallet()
    const { config, kit } = app()
    await started(kit)
    await wagmiConnect(config, { connector: connectedConnector(config) })
    await vi.waitFor(() => expect(account(kit)).toMatchObject({ address: HARDHAT_ACCOUNT_0.address, status: 'connected' }))
    expect(requestAccounts(w)).toBe(1)

    await switchChain(config, { chainId: 31338 })
    await vi.waitFor(() => expect(kit.chains.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:31338'))

    // The kit's modal switches through wagmi, and wagmi's state says so.
    await kit.switchNetwork(kit.chains.networks()[0]!)
    expect(config.state.chainId).toBe(31337)

    const hash = await sendTransaction(config, { to: HARDHAT_ACCOUNT_1.address, value: parseEther('0.01') })
    expect((await waitForTransactionReceipt(config, { hash })).status).toBe('success')
    const signature = await signMessage(config, { message: 'portico/wagmi' })
    expect(await verifyMessage({ address: HARDHAT_ACCOUNT_0.address, message: 'portico/wagmi', signature })).toBe(true)
  })

  it("wagmi's disconnect() disconnects the kit", async () => {
    wallet()
    const { config, kit } = app()
    await started(kit)
    await kit.connect({ connectorId: RDNS, namespace: 'eip155' })
    await wagmiDisconnect(config)
    await vi.waitFor(() => expect(account(kit).status).toBe('disconnected'))
    expect(account(kit).address).toBeUndefined()
  })

  it("the modal's Disconnect disconnects wagmi", async () => {
    wallet()
    const { config, kit } = app()
    await started(kit)
    await kit.connect({ connectorId: RDNS, namespace: 'eip155' })
    await kit.disconnect()
    expect(config.state.status).toBe('disconnected')
    expect(wagmiAddress(config)).toBeUndefined()
    expect(account(kit).status).toBe('disconnected')
  })

  it("a reload restores once, through wagmi's reconnect: the wallet is not asked again", async () => {
    const w = wallet()
    const first = app()
    await started(first.kit)
    await first.kit.connect({ connectorId: RDNS, namespace: 'eip155' })
    first.kit.destroy()

    const { config, kit } = app(first.storages)
    // What WagmiProvider does on mount; the kit waits for it rather than reconnecting around it.
    await reconnect(config)
    await kit.restored
    await vi.waitFor(() => expect(account(kit)).toMatchObject({ address: HARDHAT_ACCOUNT_0.address, status: 'connected' }))
    expect(wagmiAddress(config)).toBe(HARDHAT_ACCOUNT_0.address)
    expect(requestAccounts(w)).toBe(1)
  })
})

describe("porticoConnectors beside wagmiPlugin: the kit's email login and wagmi, one connection", () => {
  /** A page load with porticoConnectors in the config and the embedded wallet on the fake frame. */
  function portico(storages: { wagmi: Map<string, string>; kit: StorageBackend } = { wagmi: new Map(), kit: createMemoryBackend() }) {
    const hardhat = chain(31337, node1.url)
    const config = createConfig({
      chains: [hardhat],
      transports: { [hardhat.id]: http(node1.url) },
      connectors: porticoConnectors({ projectId: 'test-project', frame: FRAME_URL }),
      storage: wagmiStorage(storages.wagmi),
    })
    const frame = happyFrame()
    const kit = createKernel(
      { projectId: 'test-project', endpoints: { frame: FRAME_URL }, features: { analytics: false }, plugins: [wagmiPlugin({ config }), authOnFake(frame)] },
      { storage: storages.kit, environment: DESKTOP },
    )
    cleanups.push(() => kit.destroy())
    return { config, kit, frame, storages }
  }
  const embedded = (config: ReturnType<typeof portico>['config']) => config.connectors.find((c) => c.id === 'portico.embedded')!
  const wagmiConnector = (config: ReturnType<typeof portico>['config']) => (config.state.current ? config.state.connections.get(config.state.current)?.connector.id : undefined)
  /** The visitor's email login in the modal, up to the code (the frame then has a session). */
  async function logIn(kit: PorticoKit, frame: ReturnType<typeof happyFrame>) {
    await kit.plugins.load('auth')
    const auth = resolve(await kit.container(), IAuthService)
    await auth.connectOtp('123456')
    frame.emit({ type: '@portico-frame/SESSION_UPDATE', payload: { token: 'host-token-1' } })
    await auth.connect()
  }

  it("the modal lists the kit's own entries once, not the Portico connectors beside them", async () => {
    wallet()
    const { kit } = portico()
    await started(kit)
    await kit.plugins.load('auth')
    const ids = kit.connectors.list().map((c) => c.id)
    expect(ids.filter((id) => id === 'auth')).toEqual(['auth'])
    expect(ids.filter((id) => id.startsWith('portico.'))).toEqual([])
  })

  it("an email login in the modal connects wagmi through the embedded wallet's connector", async () => {
    const { config, kit, frame } = portico()
    await kit.restored
    await logIn(kit, frame)
    await vi.waitFor(() => expect(wagmiAddress(config)).toBe(EVM_ADDRESS))
    expect(wagmiConnector(config)).toBe('portico.embedded')
    expect(account(kit)).toMatchObject({ address: EVM_ADDRESS, status: 'connected' })
  })

  it("the app's own connect({ connector }) opens the kit's login and resolves with its account; closing it is a refusal", async () => {
    const { config, kit, frame } = portico()
    await kit.restored
    const refused = wagmiConnect(config, { connector: embedded(config) })
    await vi.waitFor(() => expect(kit.modal.store.get().open).toBe(true))
    kit.close()
    await expect(refused).rejects.toThrow(/rejected/i)
    expect(config.state.status).toBe('disconnected')

    const connecting = wagmiConnect(config, { connector: embedded(config) })
    await vi.waitFor(() => expect(kit.modal.store.get().open).toBe(true))
    expect(kit.router.current().view).toBe('Connect')
    await logIn(kit, frame)
    expect((await connecting).accounts).toEqual([EVM_ADDRESS])
    expect(wagmiConnector(config)).toBe('portico.embedded')
  })

  it("wagmi's disconnect() ends the kit's session, and the modal's Disconnect ends wagmi's", async () => {
    const { config, kit, frame } = portico()
    await kit.restored
    await logIn(kit, frame)
    await vi.waitFor(() => expect(wagmiAddress(config)).toBe(EVM_ADDRESS))
    await wagmiDisconnect(config)
    await vi.waitFor(() => expect(account(kit).status).toBe('disconnected'))
    expect(frame.names()).toContain('SIGN_OUT')

    await logIn(kit, frame)
    await vi.waitFor(() => expect(wagmiAddress(config)).toBe(EVM_ADDRESS))
    await kit.disconnect()
    await vi.waitFor(() => expect(config.state.status).toBe('disconnected'))
  })

  it("a reload restores one connection: the kit resumes the frame's session and wagmi's reconnect takes it", async () => {
    const first = portico()
    await first.kit.restored
    await logIn(first.kit, first.frame)
    await vi.waitFor(() => expect(wagmiAddress(first.config)).toBe(EVM_ADDRESS))
    first.kit.destroy()
    const { config, kit, frame } = portico(first.storages)
    await reconnect(config)
    await kit.restored
    await vi.waitFor(() => expect(wagmiAddress(config)).toBe(EVM_ADDRESS))
    expect(wagmiConnector(config)).toBe('portico.embedded')
    expect(account(kit)).toMatchObject({ address: EVM_ADDRESS, status: 'connected' })
    expect(frame.names().filter((name) => name === 'CONNECT_OTP')).toEqual([])
  })
})
