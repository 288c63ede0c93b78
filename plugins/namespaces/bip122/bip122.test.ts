import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ErrorText, type PorticoKit, type StorageBackend, bitcoin, bitcoinTestnet, createKernel, createMemoryBackend } from '../../../kernel/index.ts'
import { BitcoinErrorText } from './errors.ts'
import { bip122Plugin } from './index.ts'

// bip122 against a fake Wallet Standard bitcoin wallet: a real one is a browser
// extension that cannot run here. The fake speaks the real interfaces
// (bitcoin:connect, bitcoin:signMessage, bitcoin:signTransaction,
// bitcoin:signAndSendTransaction, standard:events, sats-connect:).
const PAYMENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const ORDINALS = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'
const TXID = 'ab'.repeat(32)
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'

type Listener = (properties: Record<string, unknown>) => void

function fakeBitcoinWallet(options: { name?: string; chains?: string[]; sats?: boolean; reject?: boolean; icon?: string } = {}) {
  const calls: { feature: string; input: unknown }[] = []
  const listeners = new Set<Listener>()
  let authorized = false
  const accounts = [
    { address: PAYMENT, publicKey: new Uint8Array([2, 1, 2, 3]), chains: ['bitcoin:mainnet'], features: [] },
    { address: ORDINALS, publicKey: new Uint8Array([3, 4]), chains: ['bitcoin:mainnet'], features: [] },
  ]
  const refuse = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
  const wallet = {
    version: '1.0.0',
    name: options.name ?? 'Fake Bitcoin Wallet',
    icon: options.icon ?? ICON,
    chains: options.chains ?? ['bitcoin:mainnet', 'bitcoin:testnet'],
    get accounts() {
      return authorized ? accounts : []
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        async connect(input: unknown) {
          calls.push({ feature: 'bitcoin:connect', input })
          if (options.reject) throw refuse()
          authorized = true
          return { accounts }
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => void calls.push({ feature: 'standard:disconnect', input: null }) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: string, listener: Listener) => (listeners.add(listener), () => listeners.delete(listener)),
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: unknown; message: Uint8Array }[]) {
          calls.push({ feature: 'bitcoin:signMessage', input: inputs })
          return inputs.map((i) => ({ signedMessage: i.message, signature: new Uint8Array([1, 2, 3, 4]) }))
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        async signTransaction(...inputs: unknown[]) {
          calls.push({ feature: 'bitcoin:signTransaction', input: inputs })
          return [{ signedPsbt: new Uint8Array([9, 9, 9]) }]
        },
      },
      'bitcoin:signAndSendTransaction': {
        version: '1.0.0',
        async signAndSendTransaction(...inputs: unknown[]) {
          calls.push({ feature: 'bitcoin:signAndSendTransaction', input: inputs })
          return [{ txId: TXID }]
        },
      },
      ...(options.sats
        ? {
            'sats-connect:': {
              provider: {
                async request(method: string, params: unknown) {
                  calls.push({ feature: `sats-connect:${method}`, input: params })
                  return { status: 'success', result: { txid: TXID } }
                },
              },
            },
          }
        : {}),
    },
  }
  return {
    wallet,
    calls,
    lock() {
      authorized = false
      listeners.forEach((l) => l({ accounts: [] }))
    },
  }
}

const g = globalThis as unknown as { window?: EventTarget }
beforeAll(() => {
  g.window = new EventTarget()
})
afterAll(() => {
  delete g.window
})

const kits: PorticoKit[] = []
const cleanups: (() => void)[] = []
afterEach(() => {
  kits.splice(0).forEach((k) => k.destroy())
  cleanups.splice(0).forEach((stop) => stop())
})

/** Registers the way a wallet does: the Wallet Standard window protocol. */
function register(wallet: unknown) {
  let unregister = () => undefined as void
  const callback = ({ register: r }: { register(w: unknown): () => void }) => void (unregister = r(wallet))
  const onReady = (event: Event) => callback((event as CustomEvent).detail)
  g.window!.addEventListener('wallet-standard:app-ready', onReady)
  g.window!.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  cleanups.push(() => {
    g.window!.removeEventListener('wallet-standard:app-ready', onReady)
    unregister()
  })
}

function kit(storage: StorageBackend = createMemoryBackend()) {
  const k = createKernel(
    { projectId: 'p', networks: [bitcoin, bitcoinTestnet], features: { analytics: false }, plugins: [bip122Plugin()] },
    { storage, logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(k)
  return k
}

const account = (k: PorticoKit) => k.chains.record('bip122')!.accountState

async function connect(k: PorticoKit, name = 'Fake Bitcoin Wallet') {
  await k.restored
  await k.plugins.load('bip122')
  await k.connect({ connectorId: name, namespace: 'bip122' })
}

describe('bip122 discovery and connection', () => {
  it('lists Wallet Standard wallets with bitcoin:connect, with a safe icon only', async () => {
    register(fakeBitcoinWallet().wallet)
    register({ ...fakeBitcoinWallet({ name: 'Evil', icon: 'javascript:alert(1)' }).wallet })
    register({
      version: '1.0.0',
      name: 'Solana only',
      icon: ICON,
      chains: ['solana:mainnet'],
      features: { 'standard:connect': { connect: async () => ({ accounts: [] }) } },
      accounts: [],
    })
    const k = kit()
    await k.plugins.load('bip122')
    expect(k.connectors.list().map((c) => [c.id, c.type, c.chain, c.imageUrl])).toEqual([
      ['Fake Bitcoin Wallet', 'ANNOUNCED', 'bip122', ICON],
      ['Evil', 'ANNOUNCED', 'bip122', undefined],
    ])
  })

  // Wallets are untrusted: a name is capped at 200 characters, a data: icon at 200,000, an icon URL at 2,048.
  it.each([199, 200, 201])('a wallet named with %i characters is listed up to 200 and left out above', async (length) => {
    register(fakeBitcoinWallet({ name: 'b'.repeat(length) }).wallet)
    const k = kit()
    await k.plugins.load('bip122')
    expect(k.connectors.list().map((c) => c.id)).toEqual(length <= 200 ? ['b'.repeat(length)] : [])
  })

  it.each([
    ['data:', 199_999, true],
    ['data:', 200_000, true],
    ['data:', 200_001, false],
    ['https:', 2047, true],
    ['https:', 2048, true],
    ['https:', 2049, false],
  ])('a %s icon of %i characters is kept: %s (the wallet is listed either way)', async (scheme, length, kept) => {
    const prefix = scheme === 'data:' ? 'data:image/png;base64,' : 'https://wallet.example/'
    const icon = `${prefix}${'A'.repeat(length - prefix.length)}`
    register(fakeBitcoinWallet({ icon }).wallet)
    const k = kit()
    await k.plugins.load('bip122')
    expect(k.connectors.list().map((c) => [c.id, c.imageUrl])).toEqual([['Fake Bitcoin Wallet', kept ? icon : undefined]])
  })

  it("connects the payment account (type payment) on the kit's network; balance is 0 BTC (a balance is read on eip155 and solana only)", async () => {
    const w = fakeBitcoinWallet()
    register(w.wallet)
    const k = kit()
    await connect(k)
    expect(w.calls[0]).toEqual({ feature: 'bitcoin:connect', input: { purposes: ['payment', 'ordinals'] } })
    expect(account(k)).toMatchObject({
      address: PAYMENT,
      caipAddress: `bip122:${bitcoin.id}:${PAYMENT}`,
      allAccounts: [{ address: PAYMENT, type: 'payment', namespace: 'bip122' }],
      preferredAccountType: 'payment',
      status: 'connected',
    })
    await vi.waitFor(() => expect(account(k)).toMatchObject({ balance: '0', balanceSymbol: 'BTC' }))
    expect(bitcoin.nativeCurrency.decimals).toBe(8)
  })

  it('a refusal in the wallet says so and leaves the namespace disconnected', async () => {
    register(fakeBitcoinWallet({ reject: true }).wallet)
    const k = kit()
    await k.plugins.load('bip122')
    await expect(k.connect({ connectorId: 'Fake Bitcoin Wallet', namespace: 'bip122' })).rejects.toMatchObject({ shortMessage: BitcoinErrorText.USER_REJECTED })
    expect(account(k).status).toBe('disconnected')
  })

  it('switching to Bitcoin testnet recomposes the address; a wallet without that chain refuses', async () => {
    register(fakeBitcoinWallet().wallet)
    const k = kit()
    await connect(k)
    await k.switchNetwork(bitcoinTestnet)
    expect(account(k).caipAddress).toBe(`bip122:${bitcoinTestnet.id}:${PAYMENT}`)
    cleanups.splice(0).forEach((stop) => stop())
    kits.splice(0).forEach((kk) => kk.destroy())
    register(fakeBitcoinWallet({ name: 'Mainnet only', chains: ['bitcoin:mainnet'] }).wallet)
    const k2 = kit()
    await connect(k2, 'Mainnet only')
    await expect(k2.switchNetwork(bitcoinTestnet)).rejects.toMatchObject({ shortMessage: ErrorText.CHAIN_NOT_SUPPORTED })
  })

  it('resumes while the wallet still lists accounts; a wallet change with no accounts disconnects', async () => {
    const w = fakeBitcoinWallet()
    register(w.wallet)
    const storage = createMemoryBackend()
    const first = kit(storage)
    await connect(first)
    first.destroy()
    const second = kit(storage)
    await second.restored
    expect(account(second)).toMatchObject({ address: PAYMENT, status: 'connected' })
    w.lock()
    await vi.waitFor(() => expect(account(second).address).toBeUndefined())
  })
})

describe('the four bip122 methods through kit.request', () => {
  async function connected(options: { sats?: boolean } = {}) {
    const w = fakeBitcoinWallet(options)
    register(w.wallet)
    const k = kit()
    await connect(k)
    return { w, k }
  }

  it('getAccountAddresses lists payment then ordinals, with hex public keys', async () => {
    const { k } = await connected()
    expect(await k.request({ method: 'getAccountAddresses' })).toEqual([
      { address: PAYMENT, publicKey: '02010203', purpose: 'payment' },
      { address: ORDINALS, publicKey: '0304', purpose: 'ordinals' },
    ])
  })

  it('signMessage signs the UTF-8 bytes with the named account; the signature comes back base64', async () => {
    const { w, k } = await connected()
    expect(await k.request({ method: 'signMessage', params: { message: 'hello', address: PAYMENT } })).toEqual({ address: PAYMENT, signature: 'AQIDBA==' })
    const [input] = w.calls.at(-1)!.input as { account: { address: string }; message: Uint8Array }[]
    expect(input!.account.address).toBe(PAYMENT)
    expect(new TextDecoder().decode(input!.message)).toBe('hello')
  })

  it.each([
    [99_999, true],
    [100_000, true],
    [100_001, false],
  ])('signMessage takes a message of %i characters: %s (100,000 at most)', async (length, signed) => {
    const { w, k } = await connected()
    const answer = k.request({ method: 'signMessage', params: { message: 'm'.repeat(length), address: PAYMENT } })
    if (signed) await expect(answer).resolves.toEqual({ address: PAYMENT, signature: 'AQIDBA==' })
    else await expect(answer).rejects.toMatchObject({ shortMessage: 'Invalid request parameters' })
    expect(w.calls.filter((call) => call.feature === 'bitcoin:signMessage')).toHaveLength(signed ? 1 : 0)
  })

  it('the kit takes exactly the four bip122 methods: sendTransfer, signMessage, signPsbt, getAccountAddresses', async () => {
    expect(bip122Plugin().contributes.rpcMethods).toEqual(['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'])
    const k = kit()
    for (const method of ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses']) {
      await expect(k.request({ method })).rejects.toMatchObject({ shortMessage: 'No ActiveCaipAddress found' })
    }
    await expect(k.request({ method: 'signPsbts' })).rejects.toMatchObject({ shortMessage: 'Requested RPC call is not allowed' })
  })

  it("signPsbt groups inputs by account on the kit's chain; broadcast goes through signAndSendTransaction", async () => {
    const { w, k } = await connected()
    const psbt = btoa('psbt-bytes')
    const signInputs = [
      { address: PAYMENT, index: 0 },
      { address: ORDINALS, index: 1, sighashTypes: [1] },
      { address: PAYMENT, index: 2 },
    ]
    expect(await k.request({ method: 'signPsbt', params: { psbt, signInputs } })).toEqual({ psbt: 'CQkJ' })
    const [request] = w.calls.at(-1)!.input as { psbt: Uint8Array; chain: string; inputsToSign: { account: { address: string }; signingIndexes: number[]; sigHash?: number }[] }[]
    expect(request!.chain).toBe('bitcoin:mainnet')
    expect(new TextDecoder().decode(request!.psbt)).toBe('psbt-bytes')
    expect(request!.inputsToSign.map((i) => [i.account.address, i.signingIndexes, i.sigHash])).toEqual([
      [PAYMENT, [0, 2], undefined],
      [ORDINALS, [1], 1],
    ])
    expect(await k.request({ method: 'signPsbt', params: { psbt, signInputs, broadcast: true } })).toEqual({ psbt, txid: TXID })
    expect(w.calls.at(-1)!.feature).toBe('bitcoin:signAndSendTransaction')
  })

  it("sendTransfer goes through the wallet's Sats Connect provider, amount in satoshis", async () => {
    const { w, k } = await connected({ sats: true })
    const params = { account: PAYMENT, recipientAddress: ORDINALS, amount: '150000' }
    expect(await k.request({ method: 'sendTransfer', params })).toBe(TXID)
    expect(w.calls.at(-1)).toEqual({ feature: 'sats-connect:sendTransfer', input: { recipients: [{ address: ORDINALS, amount: 150000 }] } })
  })

  it('sendTransfer without a transfer-capable wallet, and bad params, fail clearly', async () => {
    const { k } = await connected()
    await expect(k.request({ method: 'sendTransfer', params: { account: PAYMENT, recipientAddress: ORDINALS, amount: '1' } })).rejects.toMatchObject({
      shortMessage: BitcoinErrorText.UNSUPPORTED_FEATURE,
    })
    for (const params of [
      { account: PAYMENT, recipientAddress: ORDINALS, amount: '0' },
      { account: PAYMENT, recipientAddress: 'x y', amount: '1' },
      { message: 5, address: PAYMENT },
    ]) {
      await expect(k.request({ method: params.message === 5 ? 'signMessage' : 'sendTransfer', params })).rejects.toMatchObject({ shortMessage: BitcoinErrorText.INVALID_PARAMS })
    }
  })

  it('before a Bitcoin wallet is connected the methods say there is no account', async () => {
    const k = kit()
    await expect(k.request({ method: 'getAccountAddresses' })).rejects.toMatchObject({ shortMessage: ErrorText.NO_ACTIVE_CAIP_ADDRESS })
  })
})
