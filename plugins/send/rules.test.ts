import { describe, expect, it } from 'vitest'
import { type ChainRecord, mainnet } from '../../kernel/index.ts'
import { hasInsufficientGas, isSmartAccount, toUsd } from './rules.ts'

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

function record(patch: { type?: 'eoa' | 'smartAccount'; preferred?: 'eoa' | 'smartAccount'; enabled?: number[] } = {}): ChainRecord {
  return {
    namespace: 'eip155',
    caipNetworks: [mainnet],
    networkState: {
      caipNetwork: mainnet,
      supportsAllNetworks: true,
      approvedCaipNetworkIds: [],
      requestedCaipNetworks: [mainnet],
      smartAccountEnabledNetworks: patch.enabled ?? [],
    },
    accountState: {
      currentTab: 0,
      tokenBalance: [],
      smartAccountDeployed: false,
      addressLabels: {},
      allAccounts: patch.type ? [{ address: ADDRESS.toUpperCase().replace('0X', '0x'), type: patch.type, namespace: 'eip155' }] : [],
      address: ADDRESS,
      preferredAccountType: patch.preferred ?? 'smartAccount',
      status: 'connected',
    },
  }
}

describe('the insufficient-gas rule (SPEC §5)', () => {
  it('refuses when the network balance is zero, even before the fee is known', () => {
    expect(hasInsufficientGas({ networkBalance: 0n, fee: undefined, smartAccount: false })).toBe(true)
    expect(hasInsufficientGas({ networkBalance: 0n, fee: 21_000n, smartAccount: false })).toBe(true)
  })

  it('refuses when the balance is below the fee (21 000 gas at 1 gwei = 21 000 000 000 000 wei), and lets an equal or larger one through', () => {
    const fee = 21_000n * 1_000_000_000n
    expect(hasInsufficientGas({ networkBalance: fee - 1n, fee, smartAccount: false })).toBe(true)
    expect(hasInsufficientGas({ networkBalance: fee, fee, smartAccount: false })).toBe(false)
    expect(hasInsufficientGas({ networkBalance: 10n ** 18n, fee, smartAccount: false })).toBe(false)
  })

  it('a balance that a native amount would spend entirely counts as zero (what is left pays the gas)', () => {
    expect(hasInsufficientGas({ networkBalance: -5n, fee: undefined, smartAccount: false })).toBe(true)
  })

  it('with an unknown fee and some balance it does not refuse: the wallet will say', () => {
    expect(hasInsufficientGas({ networkBalance: 1n, fee: undefined, smartAccount: false })).toBe(false)
  })

  it('smart accounts skip the check: a zero balance and a fee above it pass', () => {
    expect(hasInsufficientGas({ networkBalance: 0n, fee: 21_000n, smartAccount: true })).toBe(false)
    expect(hasInsufficientGas({ networkBalance: 1n, fee: 21_000n, smartAccount: true })).toBe(false)
  })
})

describe('which account is a smart account (SPEC §6)', () => {
  it('the preferred type smartAccount on a network listed as smart-account-enabled (1)', () => {
    expect(isSmartAccount(record({ preferred: 'smartAccount', enabled: [1] }))).toBe(true)
  })

  it('not on a network missing from the list, whatever the type', () => {
    expect(isSmartAccount(record({ preferred: 'smartAccount', enabled: [8453] }))).toBe(false)
    expect(isSmartAccount(record({ type: 'smartAccount', enabled: [] }))).toBe(false)
  })

  it("the account's own entry wins over the preferred type (an injected wallet's eoa), compared in any case", () => {
    expect(isSmartAccount(record({ type: 'eoa', preferred: 'smartAccount', enabled: [1] }))).toBe(false)
    expect(isSmartAccount(record({ type: 'smartAccount', preferred: 'eoa', enabled: [1] }))).toBe(true)
  })

  it('no record or no address: not a smart account', () => {
    expect(isSmartAccount(undefined)).toBe(false)
  })
})

describe('dollar values for display', () => {
  it('1.5 of a 6-decimal token at $1 is $1.50; 0.000021 ETH at $3000 is $0.063', () => {
    expect(toUsd(1_500_000n, 6, 1)).toBe(1.5)
    expect(toUsd(21_000_000_000_000n, 18, 3000)).toBeCloseTo(0.063, 10)
  })

  it('no price or nothing held: $0', () => {
    expect(toUsd(1_500_000n, 6, 0)).toBe(0)
    expect(toUsd(0n, 6, 1)).toBe(0)
  })
})
