import { describe, expect, it } from 'vitest'
import { base, bitcoin, defineNetwork, mainnet, solana, solanaDevnet } from '../../kernel/index.ts'
import { NAMESPACE_EVENTS, NAMESPACE_METHODS } from './constants.ts'
import { optionalNamespaces, sessionAccounts } from './namespaces.ts'

describe('session proposal namespaces (issue 5, method lists)', () => {
  it('eip155 asks for 24 methods, solana 6, bip122 4 (sendTransfer, signMessage, signPsbt, getAccountAddresses)', () => {
    expect(NAMESPACE_METHODS.eip155).toHaveLength(24)
    expect(NAMESPACE_METHODS.eip155).toEqual(expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_sendCalls', 'wallet_switchEthereumChain']))
    expect(NAMESPACE_METHODS.solana).toHaveLength(6)
    expect(NAMESPACE_METHODS.bip122).toEqual(['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'])
    expect(NAMESPACE_EVENTS).toEqual(['accountsChanged', 'chainChanged'])
  })

  it('groups the configured networks by namespace, with the methods, events and each network RPC url', () => {
    const local = defineNetwork({
      id: 31337,
      chainNamespace: 'eip155',
      name: 'Hardhat',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8610'] } },
    })
    const result = optionalNamespaces([mainnet, base, local, solana, solanaDevnet, bitcoin])
    expect(Object.keys(result)).toEqual(['eip155', 'solana', 'bip122'])
    expect(result.eip155).toMatchObject({
      chains: ['eip155:1', 'eip155:8453', 'eip155:31337'],
      methods: [...NAMESPACE_METHODS.eip155],
      events: ['accountsChanged', 'chainChanged'],
    })
    expect(result.eip155!.rpcMap['eip155:31337']).toBe('http://127.0.0.1:8610')
    expect(result.eip155!.rpcMap['31337']).toBe('http://127.0.0.1:8610')
    expect(result.solana!.chains).toEqual([solana.caipNetworkId, solanaDevnet.caipNetworkId])
    expect(result.bip122!.methods).toEqual([...NAMESPACE_METHODS.bip122])
  })

  it('reads the accounts of one namespace from a session, across chain-scoped keys, without duplicates', () => {
    const accounts = sessionAccounts(
      {
        eip155: { accounts: ['eip155:1:0xabc', 'eip155:31337:0xabc', 'eip155:1:0xabc'] },
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { accounts: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So1'] },
      },
      'eip155',
    )
    expect(accounts).toEqual([
      { chainId: '1', address: '0xabc' },
      { chainId: '31337', address: '0xabc' },
    ])
    expect(sessionAccounts({ eip155: { accounts: ['eip155:1:0xabc'] } }, 'solana')).toEqual([])
  })
})
