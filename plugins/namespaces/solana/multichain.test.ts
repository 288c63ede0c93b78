import { Keypair } from '@solana/web3.js'
import { address as kitAddress, lamports as kitLamports } from '@solana/kit'
import { formatUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Connector, type PorticoKit, createKernel, createMemoryBackend } from '../../../kernel/index.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, rpc as evmRpc, startHardhat } from '../../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../../test/peers/networks.ts'
import { type SolanaRpc, startSolanaRpc } from '../../../test/peers/solanaRpc.mjs'
import { solanaLocalnet } from '../../../test/peers/solanaNetworks.ts'
import { createSolanaTestWallet } from '../../../test/peers/solanaTestWallet.ts'
import { createTestWallet } from '../../../test/peers/testWallet.ts'
import { eip155Plugin } from '../eip155/index.ts'
import { solanaPlugin } from './index.ts'
import type { SolanaProvider } from './provider.ts'

// One kit holding an EVM and a Solana account at once (issue 6): a Hardhat node
// (port 8590) with the EIP-6963 test wallet, and the litesvm shim (port 8901) with
// the Wallet Standard test wallet. Switching namespaces and which namespaces a disconnect reaches.
const EVM_WALLET = 'org.portico.test'
const SOL_WALLET = 'Solana Test Wallet'
let node: HardhatNode
let sol: SolanaRpc
let evm: ReturnType<typeof hardhatNetwork>
let local: ReturnType<typeof solanaLocalnet>

const g = globalThis as unknown as { window?: EventTarget }
beforeAll(async () => {
  g.window = new EventTarget()
  ;[node, sol] = await Promise.all([startHardhat({ port: 8590 }), startSolanaRpc({ port: 8901 })])
  evm = hardhatNetwork(node.url)
  local = solanaLocalnet(sol.url)
})
afterAll(async () => {
  await Promise.all([node?.stop(), sol?.stop()])
  delete g.window
})

const kits: PorticoKit[] = []
const cleanups: (() => void)[] = []
afterEach(() => {
  kits.splice(0).forEach((k) => k.destroy())
  cleanups.splice(0).forEach((stop) => stop())
})

function wallets() {
  const evmWallet = createTestWallet({
    name: 'Test Wallet',
    rdns: EVM_WALLET,
    rpcUrls: { 31337: node.url },
    privateKey: HARDHAT_ACCOUNT_0.privateKey,
    knownChainIds: [31337],
  })
  cleanups.push(evmWallet.announce())
  const solWallet = createSolanaTestWallet({ name: SOL_WALLET, rpcUrl: sol.url })
  sol.svm.airdrop(kitAddress(solWallet.address), kitLamports(3_000_000_000n))
  cleanups.push(solWallet.register())
  return { evmWallet, solWallet }
}

function kit() {
  const k = createKernel(
    { projectId: 'p', networks: [evm, local], features: { analytics: false }, plugins: [eip155Plugin(), solanaPlugin()] },
    { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(k)
  return k
}

const account = (k: PorticoKit, ns: 'eip155' | 'solana') => k.chains.record(ns)!.accountState

async function connectBoth(k: PorticoKit) {
  await k.restored
  k.open()
  await vi.waitFor(() =>
    expect(
      k.connectors
        .list()
        .map((c) => c.chain)
        .sort(),
    ).toEqual(['eip155', 'solana']),
  )
  await k.connect({ connectorId: EVM_WALLET, namespace: 'eip155' })
  await k.connect({ connectorId: SOL_WALLET, namespace: 'solana' })
}

describe('EVM and Solana in one kit', () => {
  it('the first modal open loads both namespace plugins and lists a wallet of each', async () => {
    wallets()
    const k = kit()
    expect(k.plugins.status.get()).toEqual({ eip155: { state: 'idle' }, solana: { state: 'idle' } })
    k.open()
    await vi.waitFor(() => expect(k.plugins.status.get()['solana']?.state).toBe('active'), { timeout: 15_000 })
    // The two bodies load side by side: which registers its wallet first is not the point.
    await vi.waitFor(() =>
      expect(
        k.connectors
          .list()
          .map((c) => [c.chain, c.type])
          .sort(),
      ).toEqual([
        ['eip155', 'ANNOUNCED'],
        ['solana', 'ANNOUNCED'],
      ]),
    )
  })

  it('holds both accounts at once, each with its balance; switching networks switches the namespace and recomposes the address', async () => {
    const { evmWallet, solWallet } = wallets()
    const k = kit()
    await connectBoth(k)
    expect(account(k, 'eip155')).toMatchObject({ caipAddress: `eip155:31337:${evmWallet.address}`, status: 'connected' })
    expect(account(k, 'solana')).toMatchObject({ caipAddress: `solana:localnet:${solWallet.address}`, status: 'connected' })
    const wei = BigInt(await evmRpc<string>(node.url, 'eth_getBalance', [evmWallet.address, 'latest']))
    await vi.waitFor(() => expect(account(k, 'eip155').balance).toBe(formatUnits(wei, 18)))
    await vi.waitFor(() => expect(account(k, 'solana')).toMatchObject({ balance: '3', balanceSymbol: 'SOL' }))
    // The last connect made Solana active; switching to the EVM network switches the namespace back.
    expect(k.chains.get().activeNamespace).toBe('solana')
    await k.switchNetwork(evm)
    expect(k.chains.get()).toMatchObject({ activeNamespace: 'eip155', activeCaipNetwork: { caipNetworkId: 'eip155:31337' } })
    expect(k.chains.activeAccount()?.caipAddress).toBe(`eip155:31337:${evmWallet.address}`)
    await k.switchNetwork(local)
    expect(k.chains.get()).toMatchObject({ activeNamespace: 'solana', activeCaipNetwork: { caipNetworkId: 'solana:localnet' } })
    expect(k.chains.activeAccount()?.caipAddress).toBe(`solana:localnet:${solWallet.address}`)
    expect([...(k.services.storage.get('connectedNamespaces') ?? [])].sort()).toEqual(['eip155', 'solana'])
    // Both providers work side by side.
    expect(k.getProvider('eip155')).toBe(evmWallet.provider)
    const receiver = Keypair.generate().publicKey.toBase58()
    await (k.getProvider('solana') as SolanaProvider).sendSol({ amount: '0.5', receiver })
    expect(sol.svm.getBalance(kitAddress(receiver))).toBe(500_000_000n)
  })

  it('disconnecting one namespace whose connector is ANNOUNCED leaves the other connected', async () => {
    const { evmWallet, solWallet } = wallets()
    const k = kit()
    await connectBoth(k)
    await k.disconnect('solana')
    expect(account(k, 'solana').status).toBe('disconnected')
    expect(solWallet.calls.at(-1)?.feature).toBe('standard:disconnect')
    expect(account(k, 'eip155')).toMatchObject({ address: evmWallet.address, status: 'connected' })
    expect(k.services.storage.get('connectionStatus')).toBe('connected')
    await k.disconnect('eip155')
    expect(account(k, 'eip155').status).toBe('disconnected')
    expect(k.services.storage.get('connectionStatus')).toBe('disconnected')
  })

  it('disconnect without a namespace disconnects every chain', async () => {
    wallets()
    const k = kit()
    await connectBoth(k)
    await k.disconnect()
    expect([account(k, 'eip155').status, account(k, 'solana').status]).toEqual(['disconnected', 'disconnected'])
    expect(k.services.storage.get('connectedNamespaces')).toEqual([])
  })

  it.each(['WALLET_CONNECT', 'AUTH'] as const)('a %s connector spans namespaces: disconnecting one disconnects its other namespaces too', async (type) => {
    const { evmWallet, solWallet } = wallets()
    const k = kit()
    await k.restored
    await Promise.all([k.plugins.load('eip155'), k.plugins.load('solana')])
    // One session reaching both chains, as WalletConnect or the embedded wallet gives; the
    // namespace adapters speak to its per-chain providers.
    const shared = (chain: 'eip155' | 'solana', provider: unknown): Connector => ({
      id: 'shared-session',
      name: 'Shared',
      type,
      chain,
      provider,
      capabilities: { sharedSession: true },
    })
    cleanups.push(k.connectors.add(shared('eip155', evmWallet.provider)), k.connectors.add(shared('solana', solWallet.wallet)))
    await k.connect({ connectorId: 'shared-session', namespace: 'eip155' })
    await k.connect({ connectorId: 'shared-session', namespace: 'solana' })
    await k.disconnect('solana')
    expect([account(k, 'eip155').status, account(k, 'solana').status]).toEqual(['disconnected', 'disconnected'])
    expect(k.services.storage.get('connectedConnectorIds')).toEqual({})
  })

  it('a WALLET_CONNECT session on one namespace does not take an ANNOUNCED wallet on another with it', async () => {
    const { evmWallet, solWallet } = wallets()
    const k = kit()
    await k.restored
    await Promise.all([k.plugins.load('eip155'), k.plugins.load('solana')])
    cleanups.push(
      k.connectors.add({
        id: 'wc',
        name: 'WalletConnect',
        type: 'WALLET_CONNECT',
        chain: 'solana',
        provider: solWallet.wallet,
        capabilities: { sharedSession: true, relaysWallets: true },
      }),
    )
    await k.connect({ connectorId: EVM_WALLET, namespace: 'eip155' })
    await k.connect({ connectorId: 'wc', namespace: 'solana' })
    await k.disconnect('solana')
    expect(account(k, 'solana').status).toBe('disconnected')
    expect(account(k, 'eip155')).toMatchObject({ address: evmWallet.address, status: 'connected' })
  })
})
