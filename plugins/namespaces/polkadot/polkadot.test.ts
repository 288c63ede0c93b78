import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type PorticoKit, type StorageBackend, createKernel, createMemoryBackend, defineNetwork } from '../../../kernel/index.ts'
import type { PolkadotProvider } from './adapter.ts'
import { PolkadotErrorText } from './errors.ts'
import { polkadotPlugin } from './index.ts'

// polkadot against a fake `window.injectedWeb3` extension: a real one is a browser
// extension that cannot run here. The fake speaks the injected interface:
// enable(appName) -> { accounts: { get, subscribe }, signer: { signRaw } }.
const ALICE = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
const BOB = '14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3'

/** No Polkadot network is predefined: the test defines one. */
const polkadot = defineNetwork({
  id: '91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['https://rpc.polkadot.io'] } },
})

function fakeExtension(options: { accounts?: { address: string; name?: string }[]; reject?: boolean } = {}) {
  const calls: { method: string; input: unknown }[] = []
  let list = options.accounts ?? [
    { address: ALICE, name: 'Alice' },
    { address: BOB, name: 'Bob' },
  ]
  const subscribers = new Set<(accounts: unknown) => void>()
  const extension = {
    version: '0.58.1',
    async enable(appName: string) {
      calls.push({ method: 'enable', input: appName })
      if (options.reject) throw new Error('Rejected by user')
      return {
        accounts: {
          get: async () => list,
          subscribe: (cb: (accounts: unknown) => void) => (subscribers.add(cb), () => subscribers.delete(cb)),
        },
        signer: {
          async signRaw(payload: { address: string; data: string; type: string }) {
            calls.push({ method: 'signRaw', input: payload })
            return { id: 1, signature: `0x${'01'.repeat(64)}` }
          },
        },
      }
    },
  }
  return {
    extension,
    calls,
    setAccounts(next: { address: string }[]) {
      list = next
      subscribers.forEach((cb) => cb(next))
    },
  }
}

type FakeWindow = EventTarget & { injectedWeb3?: Record<string, unknown> }
const g = globalThis as unknown as { window?: FakeWindow }
beforeEach(() => {
  g.window = Object.assign(new EventTarget(), { injectedWeb3: {} })
})
const kits: PorticoKit[] = []
afterEach(() => {
  kits.splice(0).forEach((k) => k.destroy())
  delete g.window
})

function kit(storage: StorageBackend = createMemoryBackend()) {
  const k = createKernel(
    {
      projectId: 'p',
      networks: [polkadot],
      features: { analytics: false },
      plugins: [polkadotPlugin()],
      metadata: { name: 'My dapp', description: '', url: 'https://dapp.example', icons: [] },
    },
    { storage, logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(k)
  return k
}
const account = (k: PorticoKit) => k.chains.record('polkadot')!.accountState

async function connect(k: PorticoKit, id = 'polkadot-js') {
  await k.restored
  await k.plugins.load('polkadot')
  await k.connect({ connectorId: id, namespace: 'polkadot' })
}

describe('polkadot injected extensions', () => {
  it('lists each injectedWeb3 extension with a known name, skipping malformed entries', async () => {
    g.window!.injectedWeb3 = {
      'polkadot-js': fakeExtension().extension,
      talisman: fakeExtension().extension,
      broken: { enable: 'no' },
      'bad key<script>': fakeExtension().extension,
    }
    const k = kit()
    await k.plugins.load('polkadot')
    expect(k.connectors.list().map((c) => [c.id, c.name, c.type, c.chain])).toEqual([
      ['polkadot-js', 'polkadot{.js}', 'INJECTED', 'polkadot'],
      ['talisman', 'Talisman', 'INJECTED', 'polkadot'],
    ])
  })

  // Extensions are untrusted: an injectedWeb3 key is 1 to 64 characters, an account name 200 at most.
  it.each([63, 64, 65])('an extension under a key of %i characters is listed up to 64 and left out above', async (length) => {
    g.window!.injectedWeb3 = { ['k'.repeat(length)]: fakeExtension().extension }
    const k = kit()
    await k.plugins.load('polkadot')
    expect(k.connectors.list().map((c) => c.id)).toEqual(length <= 64 ? ['k'.repeat(length)] : [])
  })

  it('an account named with 199 or 200 characters is connected, one with 201 is left out', async () => {
    const CHARLIE = '12xLgPQunSsPkwMJ3vAgfac7mtU3Xw6R4fbHQcCp2QqXzdtu'
    const accounts = [
      { address: ALICE, name: 'a'.repeat(199) },
      { address: BOB, name: 'b'.repeat(200) },
      { address: CHARLIE, name: 'c'.repeat(201) },
    ]
    g.window!.injectedWeb3 = { 'polkadot-js': fakeExtension({ accounts }).extension }
    const k = kit()
    await connect(k)
    expect(account(k).allAccounts.map((a) => a.address)).toEqual([ALICE, BOB])
  })

  it('connects with enable(appName) and accounts.get(): eoa accounts on the defined network; balance 0 DOT', async () => {
    const x = fakeExtension()
    g.window!.injectedWeb3 = { 'polkadot-js': x.extension }
    const k = kit()
    await connect(k)
    expect(x.calls[0]).toEqual({ method: 'enable', input: 'My dapp' })
    expect(polkadot.caipNetworkId).toBe('polkadot:91b171bb158e2d3848fa23a9f1c25182')
    expect(account(k)).toMatchObject({
      address: ALICE,
      caipAddress: `polkadot:91b171bb158e2d3848fa23a9f1c25182:${ALICE}`,
      allAccounts: [
        { address: ALICE, type: 'eoa', namespace: 'polkadot' },
        { address: BOB, type: 'eoa', namespace: 'polkadot' },
      ],
      status: 'connected',
    })
    await vi.waitFor(() => expect(account(k)).toMatchObject({ balance: '0', balanceSymbol: 'DOT' }))
  })

  it('a refusal in the extension says so; an extension with no accounts is an error too', async () => {
    g.window!.injectedWeb3 = { 'polkadot-js': fakeExtension({ reject: true }).extension, talisman: fakeExtension({ accounts: [] }).extension }
    const k = kit()
    await k.plugins.load('polkadot')
    await expect(k.connect({ connectorId: 'polkadot-js', namespace: 'polkadot' })).rejects.toMatchObject({ shortMessage: PolkadotErrorText.USER_REJECTED })
    await expect(k.connect({ connectorId: 'talisman', namespace: 'polkadot' })).rejects.toMatchObject({ shortMessage: PolkadotErrorText.NO_ACCOUNTS })
    expect(account(k).status).toBe('disconnected')
  })

  it('signs raw bytes with signer.signRaw for the connected account', async () => {
    const x = fakeExtension()
    g.window!.injectedWeb3 = { 'polkadot-js': x.extension }
    const k = kit()
    await connect(k)
    const signature = await (k.getProvider('polkadot') as PolkadotProvider).signMessage('hi')
    expect(signature).toBe(`0x${'01'.repeat(64)}`)
    expect(x.calls.at(-1)).toEqual({ method: 'signRaw', input: { address: ALICE, data: '0x6869', type: 'bytes' } })
  })

  it('account subscription changes reach the state; an empty list disconnects', async () => {
    const x = fakeExtension()
    g.window!.injectedWeb3 = { 'polkadot-js': x.extension }
    const k = kit()
    await connect(k)
    x.setAccounts([{ address: BOB }])
    await vi.waitFor(() => expect(account(k).address).toBe(BOB))
    x.setAccounts([])
    await vi.waitFor(() => expect(account(k).address).toBeUndefined())
  })

  it('resumes on the next visit from the extension it was connected with', async () => {
    const x = fakeExtension()
    g.window!.injectedWeb3 = { 'polkadot-js': x.extension }
    const storage = createMemoryBackend()
    const first = kit(storage)
    await connect(first)
    first.destroy()
    const second = kit(storage)
    await second.restored
    expect(account(second)).toMatchObject({ address: ALICE, status: 'connected' })
    await second.disconnect('polkadot')
    expect(account(second).status).toBe('disconnected')
  })
})
