import { type Hex, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { KNOWN_CALLS } from './selectors.ts'

describe('the shipped selector table', () => {
  it('every selector is the one of its function’s name and inputs (recomputed with viem)', () => {
    const entries = Object.entries(KNOWN_CALLS) as [Hex, (typeof KNOWN_CALLS)[Hex]][]
    expect(entries.length).toBeGreaterThanOrEqual(26)
    for (const [selector, call] of entries) {
      expect(toFunctionSelector({ type: 'function', name: call.name, inputs: call.inputs, outputs: [], stateMutability: 'nonpayable' }), call.name).toBe(selector)
    }
  })

  it('holds the common calls by their well-known selectors, and flags the grants', () => {
    const names = (selector: Hex) => KNOWN_CALLS[selector]?.name
    expect(names('0xa9059cbb')).toBe('transfer')
    expect(names('0x095ea7b3')).toBe('approve')
    expect(names('0x23b872dd')).toBe('transferFrom')
    expect(names('0xd505accf')).toBe('permit')
    expect(names('0xa22cb465')).toBe('setApprovalForAll')
    expect(names('0xf242432a')).toBe('safeTransferFrom')
    expect(names('0xd0e30db0')).toBe('deposit')
    expect(names('0x2e1a7d4d')).toBe('withdraw')
    expect(names('0x38ed1739')).toBe('swapExactTokensForTokens')
    expect(names('0xe8e33700')).toBe('addLiquidity')
    expect(names('0xac9650d8')).toBe('multicall')
    expect(names('0x82ad56cb')).toBe('aggregate3')
    const flagged = Object.values(KNOWN_CALLS)
      .filter((call) => call.danger)
      .map((call) => call.name)
    expect(flagged.sort()).toEqual(['approve', 'increaseAllowance', 'permit', 'setApprovalForAll'])
  })
})
