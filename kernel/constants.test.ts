import { describe, expect, it } from 'vitest'
import * as C from './constants.ts'
import { DEFAULT_ACCOUNT_TYPES } from './chains/namespaces.ts'
import { SUPPORTED_EVM_CHAIN_IDS, base, bitcoin, bitcoinTestnet, solana, solanaDevnet, solanaTestnet } from './chains/networks.ts'

// The figures are retyped here on purpose: this test guards constants.ts.

describe('business constants', () => {
  it('token balance retry is 30 s', () => {
    expect(C.TOKEN_BALANCE_RETRY_MS).toBe(30_000)
  })

  it('cache lifetimes: portfolio 30 s, native balance 30 s, ENS 5 min, identity 5 min', () => {
    expect(C.CacheLifetimeMs).toEqual({ portfolio: 30_000, nativeBalance: 30_000, ens: 300_000, identity: 300_000 })
  })

  it('image preload timeout is 2 s', () => {
    expect(C.IMAGE_PRELOAD_TIMEOUT_MS).toBe(2_000)
  })

  it('shake 500 ms, snack swap delay 150 ms, debounce 500 ms', () => {
    expect(C.SHAKE_MS).toBe(500)
    expect(C.SNACK_SWAP_DELAY_MS).toBe(150)
    expect(C.DEBOUNCE_MS).toBe(500)
  })

  it('recent wallets max 2, swap slippage tolerance 1', () => {
    expect(C.RECENT_WALLETS_MAX).toBe(2)
    expect(C.SWAP_SLIPPAGE_TOLERANCE).toBe(1)
  })

  it('view animations: header text 120 ms, modal height 150 ms, view transition 150 ms; modal width 360 px', () => {
    expect(C.AnimationMs).toEqual({ headerText: 120, modalHeight: 150, viewTransition: 150 })
    expect(C.MODAL_WIDTH_PX).toBe(360)
  })

  it('fee range: Coinbase 1-2% (eip155), Meld 1-2% (eip155, solana)', () => {
    expect(C.FeeRangePercent.coinbase).toEqual({ min: 1, max: 2, namespaces: ['eip155'] })
    expect(C.FeeRangePercent.meld).toEqual({ min: 1, max: 2, namespaces: ['eip155', 'solana'] })
  })

  it('social providers', () => {
    expect([...C.SOCIAL_PROVIDERS].sort()).toEqual(['apple', 'discord', 'facebook', 'github', 'google', 'x'])
  })

  it('connector type order', () => {
    expect(C.CONNECTOR_TYPE_ORDER).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
  })

  it('swap networks: 12 ids including the listed ones', () => {
    expect(C.SWAP_NETWORKS).toHaveLength(12)
    for (const id of [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]) {
      expect(C.SWAP_NETWORKS).toContain(`eip155:${id}`)
    }
  })

  it('coinbase pay chains with fallback ethereum', () => {
    expect(C.COINBASE_PAY_CHAINS).toEqual(['ethereum', 'arbitrum', 'polygon', 'berachain', 'avalanche-c-chain', 'optimism', 'celo', 'base'])
    expect(C.COINBASE_PAY_FALLBACK_CHAIN).toBe('ethereum')
  })

  it('transaction amount 3 decimals; balance truncated to 3 decimals', () => {
    expect(C.TRANSACTION_AMOUNT_DECIMALS).toBe(3)
    expect(C.BALANCE_DISPLAY_DECIMALS).toBe(3)
  })

  it('address truncation is 4 start and 6 end characters', () => {
    expect(C.ADDRESS_TRUNCATION).toEqual({ start: 4, end: 6 })
  })

  it('theme defaults: dark, Inter, 4px radius, 10px font size, z-index 999', () => {
    expect(C.ThemeDefaults).toEqual({ themeMode: 'dark', fontFamily: 'Inter', borderRadius: '4px', fontSize: '10px', zIndex: 999 })
  })

  it('email cooldown 30 s, embedded request time-out 30 s, frame ready wait 500 ms', () => {
    expect(C.EMAIL_CODE_COOLDOWN_MS).toBe(30_000)
    expect(C.EMBEDDED_REQUEST_TIMEOUT_MS).toBe(30_000)
    expect(C.FRAME_READY_WAIT_MS).toBe(500)
  })

  it('secure SDK version 4, log level error, iframe z-index 999999; iframe id w3m-iframe', () => {
    expect(C.SECURE_SDK_VERSION).toBe(4)
    expect(C.DEFAULT_LOG_LEVEL).toBe('error')
    expect(C.IFRAME_Z_INDEX).toBe(999_999)
    expect(C.SECURE_FRAME_ID).toBe('w3m-iframe')
  })

  it('EVM chain id defaults to 1; wallet-connect CAIP network defaults to eip155:1; library version 1.7.3', () => {
    expect(C.DEFAULT_EVM_CHAIN_ID).toBe(1)
    expect(C.DEFAULT_WALLETCONNECT_CAIP_NETWORK_ID).toBe('eip155:1')
    expect(C.LIBRARY_VERSION).toBe('1.7.3')
  })

  it('disallowed RPC UI error delay 300 ms', () => {
    expect(C.DISALLOWED_RPC_UI_ERROR_DELAY_MS).toBe(300)
  })

  it('HTTP RPC timeout 10000 ms, batch size 1000, batch wait 0', () => {
    expect(C.HttpRpcDefaults).toEqual({ timeoutMs: 10_000, batchSize: 1_000, batchWaitMs: 0 })
  })

  it('native decimals: Base ETH 18, Solana 9, Bitcoin 8', () => {
    expect(C.NativeDecimals).toEqual({ eip155: 18, solana: 9, bip122: 8 })
    expect(base.nativeCurrency.decimals).toBe(18)
    expect(solana.nativeCurrency.decimals).toBe(9)
    expect(bitcoin.nativeCurrency.decimals).toBe(8)
  })

  it('ENS coin type: chain ids of 2147483648 or more are rejected', () => {
    expect(C.ENS_MAX_CHAIN_ID).toBe(2_147_483_648)
  })

  it('restricted timezones', () => {
    expect(C.RESTRICTED_TIMEZONES).toEqual([
      'Asia/Shanghai',
      'Asia/Urumqi',
      'Asia/Chongqing',
      'Asia/Harbin',
      'Asia/Kashgar',
      'Asia/Macau',
      'Asia/Macao',
      'Asia/Hong_Kong',
      'Asia/Beijing',
    ])
  })

  it('default account types: eip155 smartAccount, solana eoa, polkadot eoa, bip122 payment', () => {
    expect(DEFAULT_ACCOUNT_TYPES).toEqual({ eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' })
  })

  it('supported EVM chain ids', () => {
    expect([...SUPPORTED_EVM_CHAIN_IDS].sort((a, b) => a - b)).toEqual(
      [1, 5, 11155111, 10, 420, 42161, 421613, 137, 80001, 42220, 56, 97, 43114, 43113, 324, 280, 100, 8453, 84531, 84532, 7777777, 999, 1313161554, 1313161555].sort(
        (a, b) => a - b,
      ),
    )
  })

  it('predefined networks: Base 8453, Solana mainnet/devnet/testnet, Bitcoin and Bitcoin testnet', () => {
    expect(base.caipNetworkId).toBe('eip155:8453')
    expect([solana, solanaDevnet, solanaTestnet].map((n) => n.chainNamespace)).toEqual(['solana', 'solana', 'solana'])
    expect(new Set([solana, solanaDevnet, solanaTestnet].map((n) => n.caipNetworkId)).size).toBe(3)
    expect([solanaDevnet.testnet, solanaTestnet.testnet, bitcoinTestnet.testnet]).toEqual([true, true, true])
    expect([bitcoin, bitcoinTestnet].map((n) => n.chainNamespace)).toEqual(['bip122', 'bip122'])
  })
})
