import { describe, expect, it } from 'vitest'
import { base, bitcoin, defineNetwork, mainnet, solana, solanaDevnet } from '../../kernel/index.ts'
import { NAMESPACE_METHODS } from './constants.ts'
import { optionalNamespaces, sessionAccounts } from './namespaces.ts'

describe('session proposal namespaces (issue 5, method lists)', () => {
  it('a session proposal asks for the 24 eip155 methods, the 6 solana ones, the 4 bip122 ones and the 2 polkadot ones (each list whole), with the two default events', () => {
    const polkadot = defineNetwork({
      id: '91b171bb158e2d3848fa23a9f1c25182',
      chainNamespace: 'polkadot',
      name: 'Polkadot',
      nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
      rpcUrls: { default: { http: ['https://rpc.polkadot.io'] } },
    })
    const proposal = optionalNamespaces([mainnet, solana, bitcoin, polkadot])
    expect(Object.fromEntries(Object.entries(proposal).map(([namespace, { methods }]) => [namespace, methods]))).toEqual({
      eip155: [
        'eth_accounts',
        'eth_requestAccounts',
        'eth_sendRawTransaction',
        'eth_sign',
        'eth_signTransaction',
        'eth_signTypedData',
        'eth_signTypedData_v3',
        'eth_signTypedData_v4',
        'eth_sendTransaction',
        'personal_sign',
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'wallet_getPermissions',
        'wallet_requestPermissions',
        'wallet_registerOnboarding',
        'wallet_watchAsset',
        'wallet_scanQRCode',
        'wallet_getCallsStatus',
        'wallet_showCallsStatus',
        'wallet_sendCalls',
        'wallet_getCapabilities',
        'wallet_grantPermissions',
        'wallet_revokePermissions',
        'wallet_getAssets',
      ],
      solana: ['solana_signMessage', 'solana_signTransaction', 'solana_requestAccounts', 'solana_getAccounts', 'solana_signAllTransactions', 'solana_signAndSendTransaction'],
      bip122: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
      polkadot: ['polkadot_signTransaction', 'polkadot_signMessage'],
    })
    for (const { events } of Object.values(proposal)) expect(events).toEqual(['accountsChanged', 'chainChanged'])
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
