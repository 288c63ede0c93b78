import { EventEmitter } from 'node:events'
import fc from 'fast-check'
import * as v from 'valibot'
import { describe, it } from 'vitest'
import { WalletGetAssetsResponseSchema, discoverAssets } from '../../services/blockchainApi/assetDiscovery.ts'
import { defineNetwork } from '../../kernel/chains/network.ts'
import { RpcRequestSchema, createRpcRegistry } from '../../kernel/rpc/rpcRegistry.ts'
import { forwardProviderEvents } from '../../plugins/namespaces/eip155/providerEvents.ts'
import { AddressListSchema, ChainChangedSchema } from '../../plugins/namespaces/eip155/schemas.ts'
import { casesOf, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout, refusedBy } from './harness.ts'

// What a wallet answers or emits (RPC results and EIP-1193 events) and what the app asks
// through kit.request, each through the flow that receives it.

describe('EIP-1193 wallet events', () => {
  const cases = {
    accountsChanged: { schema: AddressListSchema, valid: fc.array(valid.evmAddress, { maxLength: 3 }) },
    chainChanged: { schema: ChainChangedSchema, valid: fc.oneof(valid.hexChainId, fc.integer({ min: 1 }), fc.integer({ min: 1 }).map(String)) },
  } as const
  for (const [event, { schema, valid: payload }] of Object.entries(cases)) {
    it(`${event}: the payload through forwardProviderEvents`, { timeout: fuzzTimeout() }, async () => {
      const wallet = Object.assign(new EventEmitter(), { request: async () => null })
      const heard: unknown[] = []
      forwardProviderEvents(wallet, { id: 'io.fuzz', name: 'Fuzz', type: 'ANNOUNCED', chain: 'eip155' }, () => ({
        accountsChanged: (...args) => void heard.push(args),
        chainChanged: (...args) => void heard.push(args),
        disconnected: (...args) => void heard.push(args),
      }))
      await fuzz({
        name: `${event === 'accountsChanged' ? 'AddressListSchema' : 'ChainChangedSchema'} (EIP-1193 ${event})`,
        cases: casesOf(payload as fc.Arbitrary<unknown>),
        run: (data) => wallet.emit(event, data),
        refuses: refusedBy((data) => v.safeParse(schema, data)),
        state: () => heard.length,
        after: () => void heard.splice(0),
      })
    })
  }

  it('disconnect: the error through forwardProviderEvents', { timeout: fuzzTimeout() }, async () => {
    const wallet = Object.assign(new EventEmitter(), { request: async () => null })
    forwardProviderEvents(wallet, { id: 'io.fuzz', name: 'Fuzz', type: 'ANNOUNCED', chain: 'eip155' }, () => ({
      accountsChanged: () => undefined,
      chainChanged: () => undefined,
      disconnected: () => undefined,
    }))
    await fuzz({
      name: 'disconnect error (EIP-1193 disconnect)',
      cases: casesOf(fc.record({ code: fc.constantFrom(1013, 4900, 4901), message: fc.string() })),
      run: (error) => wallet.emit('disconnect', error),
      refuses: () => false,
    })
  })
})

describe('RPC results', () => {
  it('WalletGetAssetsResponseSchema and the capabilities through discoverAssets', { timeout: fuzzTimeout() }, async () => {
    const network = defineNetwork({
      chainNamespace: 'eip155',
      id: 31337,
      name: 'Hardhat',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    })
    const asset = fc.record({
      address: valid.evmAddress,
      balance: fc.oneof(
        fc.bigInt({ min: 0n, max: 2n ** 255n }).map((n) => `0x${n.toString(16)}`),
        fc.nat().map(String),
      ),
      type: fc.constantFrom('ERC20', 'NATIVE'),
      metadata: fc.record({ name: fc.string(), symbol: fc.string(), decimals: fc.integer({ min: 0, max: 255 }), price: fc.double({ noNaN: true }), iconUrl: valid.url }),
    })
    const answers = fc.record({
      capabilities: casesOf(fc.constant({ '0x7a69': { assetDiscovery: { supported: true } } })),
      assets: casesOf(fc.dictionary(fc.constantFrom('0x7a69', '0x1'), fc.array(asset, { maxLength: 3 }))),
    })
    await fuzz({
      name: 'WalletGetAssetsResponseSchema + capabilities (wallet_getCapabilities, wallet_getAssets)',
      cases: answers,
      run: ({ capabilities, assets }) =>
        discoverAssets(
          { request: async ({ method }: { method: string }) => (method === 'wallet_getCapabilities' ? capabilities : assets) } as never,
          '0x1111111111111111111111111111111111111111',
          network,
        ),
      refuses: ({ assets }) => refusedBy((data) => v.safeParse(WalletGetAssetsResponseSchema, data))(assets),
    })
  })

  it('RpcRequestSchema through the RPC registry (kit.request)', { timeout: fuzzTimeout() }, async () => {
    const forwarded: unknown[] = []
    const rejected: string[] = []
    const registry = createRpcRegistry({
      loadOwner: async () => false,
      isContributed: () => false,
      onRejected: (method) => void rejected.push(method),
      forward: async (request) => void forwarded.push(request),
    })
    const request = fc.record({
      method: fc.constantFrom('eth_chainId', 'eth_sendTransaction', 'personal_sign', 'eth_sign', '__proto__', 'constructor'),
      params: fc.jsonValue({ maxDepth: 2 }),
    })
    await fuzz({
      name: 'RpcRequestSchema (RPC registry request)',
      cases: casesOf(request),
      run: (input) => registry.request(input),
      mayReject: true,
      refuses: refusedBy((input) => v.safeParse(RpcRequestSchema, input)),
      state: () => forwarded.length,
      after: () => void forwarded.splice(0),
    })
  })
})
