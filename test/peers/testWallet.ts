// A test wallet announced through EIP-6963 (PEERS.md "A test wallet works as
// follows"): the provider runs in the page (or in Node for unit tests), reads go
// to the node with fetch, and signing goes to viem in Node, so the key never
// enters the page.
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, type Hex, createWalletClient, hexToBigInt, http, isHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type TestEip1193Provider, type WalletBridge, type WalletControl, type WalletState, createWalletProvider } from './walletCore.ts'

export type { TestEip1193Provider, WalletState } from './walletCore.ts'

/** Decides a prompt: return false to make the wallet answer 4001 "User rejected the request." */
export type ApproveFn = (method: string, params: unknown) => boolean | Promise<boolean>

export interface TestWalletOptions {
  readonly name: string
  /** EIP-6963 rdns; it becomes the connector id. */
  readonly rdns: string
  /** EIP-6963 icon; a data URI by default. */
  readonly icon?: string
  /** Every chain the wallet can reach: chain id -> node url. */
  readonly rpcUrls: Readonly<Record<number, string>>
  readonly privateKey: Hex
  /** Chains the wallet knows at start; the first is the one it is on. Others answer 4902 until added. */
  readonly knownChainIds: readonly number[]
  /** Every prompt (connect, switch, add chain, sign, send) asks this; default approves. */
  readonly approve?: ApproveFn
  /** Also install the provider as the legacy `window.ethereum`. */
  readonly injectLegacy?: boolean
}

export interface TestWalletHandle {
  readonly address: Address
  /** Every method the provider received, in order (across page loads). */
  readonly calls: readonly { method: string; params: unknown }[]
  /** Every prompt the wallet showed, with the answer given. */
  readonly prompts: readonly { method: string; params: unknown; approved: boolean }[]
  /** What the wallet remembers (authorization, current chain, known chains). */
  state(): WalletState
  /** The visitor switches chain in the wallet: chainChanged. */
  setChain(chainId: number): Promise<void>
  /** The visitor locks the wallet: accountsChanged([]). */
  lock(): Promise<void>
  /** Emits any EIP-1193 event from the provider. */
  emit(event: string, payload?: unknown): Promise<void>
}

export const DEFAULT_TEST_WALLET_ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b82f6"/></svg>').toString('base64')

/** The Node half: state, prompts, and the key. Shared by the page and the in-process wallet. */
function createBackend(options: TestWalletOptions) {
  const account = privateKeyToAccount(options.privateKey)
  const calls: { method: string; params: unknown }[] = []
  const prompts: { method: string; params: unknown; approved: boolean }[] = []
  let state: WalletState = {
    chainId: options.knownChainIds[0] ?? 31337,
    authorized: false,
    chains: Object.fromEntries(options.knownChainIds.map((id) => [String(id), urlOf(options, id)])),
  }
  const bridge: WalletBridge = {
    load: async () => state,
    save: async (next) => void (state = next),
    log: async (method, params) => void calls.push({ method, params }),
    async approve(method, params) {
      const approved = options.approve ? Boolean(await options.approve(method, params)) : true
      prompts.push({ method, params, approved })
      return approved
    },
    async sign(method, params) {
      const [first, second] = params as [unknown, unknown]
      if (method === 'personal_sign') {
        const message = first as string
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      const typed = (typeof second === 'string' ? JSON.parse(second) : second) as {
        domain: Record<string, unknown>
        types: Record<string, unknown>
        primaryType: string
        message: Record<string, unknown>
      }
      // viem derives the domain type itself and refuses a declared EIP712Domain.
      const { EIP712Domain: _domain, ...types } = typed.types
      return account.signTypedData({ ...typed, types } as Parameters<typeof account.signTypedData>[0])
    },
    async sendTransaction(tx, chain) {
      const client = createWalletClient({
        account,
        chain: {
          id: chain.id,
          name: `Chain ${chain.id}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [chain.rpcUrl] } },
        },
        transport: http(chain.rpcUrl),
      })
      return client.sendTransaction(toViemTransaction(tx))
    },
  }
  return { account, bridge, calls, prompts, state: () => state }
}

function urlOf(options: TestWalletOptions, chainId: number): string {
  const url = options.rpcUrls[chainId]
  if (!url) throw new Error(`test wallet: knownChainIds has ${chainId} but rpcUrls has no url for it`)
  return url
}

/** JSON-RPC transaction fields (hex quantities) to viem's parameters (bigints). */
function toViemTransaction(tx: Record<string, unknown>) {
  const big = (key: string) => (typeof tx[key] === 'string' ? hexToBigInt(tx[key] as Hex) : undefined)
  return {
    to: tx['to'] as Address | undefined,
    data: tx['data'] as Hex | undefined,
    value: big('value'),
    gas: big('gas'),
    ...(tx['maxFeePerGas'] ? { maxFeePerGas: big('maxFeePerGas'), maxPriorityFeePerGas: big('maxPriorityFeePerGas') } : {}),
    ...(tx['gasPrice'] && !tx['maxFeePerGas'] ? { gasPrice: big('gasPrice') } : {}),
  } as Parameters<ReturnType<typeof createWalletClient>['sendTransaction']>[0]
}

const rpcUrlRecord = (options: TestWalletOptions) => Object.fromEntries(Object.entries(options.rpcUrls).map(([id, url]) => [String(id), url]))

/**
 * The test wallet in Node, for unit tests: the same provider as in the page,
 * wired to its backend in process. `announce()` dispatches the EIP-6963
 * announcement on `globalThis.window` (an EventTarget in tests) now and on every
 * `eip6963:requestProvider`, and returns a function that stops answering.
 *
 * @example
 * globalThis.window = new EventTarget() as Window & typeof globalThis
 * const wallet = createTestWallet({ name: 'Test', rdns: 'test.wallet', rpcUrls: { 31337: node.url }, privateKey, knownChainIds: [31337] })
 * const stop = wallet.announce()
 */
export function createTestWallet(options: TestWalletOptions): TestWalletHandle & {
  readonly provider: TestEip1193Provider
  readonly info: { uuid: string; name: string; icon: string; rdns: string }
  announce(): () => void
} {
  const backend = createBackend(options)
  const { provider, control } = createWalletProvider({ address: backend.account.address, rpcUrls: rpcUrlRecord(options) }, backend.bridge)
  const info = { uuid: crypto.randomUUID(), name: options.name, icon: options.icon ?? DEFAULT_TEST_WALLET_ICON, rdns: options.rdns }
  return {
    ...handleOf(backend, control),
    provider,
    info,
    announce() {
      const target = globalThis.window as unknown as EventTarget
      const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
      const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      target.addEventListener('eip6963:requestProvider', announce)
      announce()
      return () => target.removeEventListener('eip6963:requestProvider', announce)
    },
  }
}

function handleOf(backend: ReturnType<typeof createBackend>, control: WalletControl): TestWalletHandle {
  return {
    address: backend.account.address,
    calls: backend.calls,
    prompts: backend.prompts,
    state: backend.state,
    setChain: (chainId) => control.setChain(chainId),
    lock: () => control.lock(),
    emit: async (event, payload) => {
      await control.emit(event, payload)
    },
  }
}

/**
 * Installs the test wallet in a page, or in every page of a browser context (one wallet
 * across tabs, like an extension), before any of its scripts, on every
 * load: an EIP-1193 provider announced through EIP-6963, whose prompts,
 * signatures and transactions are answered in Node. What it remembers
 * (authorization, chain) lives in Node, so a reload resumes like a real wallet.
 *
 * @example
 * const wallet = await installTestWallet(page, { name: 'Test Wallet', rdns: 'org.portico.test', rpcUrls: { 31337: node.url }, privateKey: HARDHAT_ACCOUNT_0.privateKey, knownChainIds: [31337] })
 * await page.goto(url)
 */
export async function installTestWallet(target: Page | BrowserContext, options: TestWalletOptions): Promise<TestWalletHandle> {
  const backend = createBackend(options)
  const binding = `__porticoTestWallet_${options.rdns.replace(/[^a-zA-Z0-9]/g, '_')}`
  await target.exposeFunction(binding, (call: keyof WalletBridge, args: unknown[]) => (backend.bridge[call] as (...a: unknown[]) => Promise<unknown>)(...args))
  const pageOptions = {
    binding,
    core: { address: backend.account.address, rpcUrls: rpcUrlRecord(options) },
    info: { name: options.name, icon: options.icon ?? DEFAULT_TEST_WALLET_ICON, rdns: options.rdns },
    injectLegacy: Boolean(options.injectLegacy),
  }
  await target.addInitScript({ content: `(${installInPage.toString()})(${createWalletProvider.toString()}, ${JSON.stringify(pageOptions)});` })

  // Installed in a context, the wallet is one extension across its tabs: each tab hears its events.
  const pages = () => ('pages' in target ? target.pages() : [target])
  const inPage = async (method: keyof WalletControl, args: unknown[]) => {
    await Promise.all(
      pages().map((page) =>
        page.evaluate(([b, m, a]) => (window as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>)[`${b}_control`]![m]!(...a), [
          binding,
          method,
          args,
        ] as const),
      ),
    )
  }
  return handleOf(backend, {
    setChain: (chainId) => inPage('setChain', [chainId]),
    lock: () => inPage('lock', []),
    emit: (event, payload) => inPage('emit', [event, payload]),
  })
}

/** Runs in the page: wires the provider to the Node binding and announces it. Self-contained. */
function installInPage(
  create: typeof createWalletProvider,
  o: { binding: string; core: Parameters<typeof createWalletProvider>[0]; info: { name: string; icon: string; rdns: string }; injectLegacy: boolean },
) {
  // Only the top document is the dapp; frames (e.g. the embedded wallet's) get no wallet.
  if (window !== window.top) return
  const w = window as unknown as Record<string, unknown>
  const call =
    (name: string) =>
    (...args: unknown[]) =>
      (w[o.binding] as (n: string, a: unknown[]) => Promise<unknown>)(name, args)
  const bridge = {
    load: call('load'),
    save: call('save'),
    log: call('log'),
    approve: call('approve'),
    sign: call('sign'),
    sendTransaction: call('sendTransaction'),
  } as unknown as Parameters<typeof createWalletProvider>[1]
  const { provider, control } = create(o.core, bridge)
  const uuid = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : String(Math.random()).slice(2)
  const detail = Object.freeze({ info: Object.freeze({ uuid, ...o.info }), provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  w[`${o.binding}_control`] = control
  if (o.injectLegacy) w['ethereum'] = provider
  announce()
}
