import { describe, expect, it } from 'vitest'
import { solana, solanaDevnet, solanaTestnet } from '../../../kernel/index.ts'
import { standardChainOf } from './chains.ts'

describe('Wallet Standard chains', () => {
  it('maps the three clusters by genesis reference, anything else by id', () => {
    expect([solana, solanaDevnet, solanaTestnet].map(standardChainOf)).toEqual(['solana:mainnet', 'solana:devnet', 'solana:testnet'])
    expect(standardChainOf({ id: 'localnet' })).toBe('solana:localnet')
  })
})
