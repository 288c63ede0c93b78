import { encodeFunctionData } from 'viem'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../kernel/index.ts'
import { parseSendOptions, sendPlugin } from '../index.ts'
import { ERC20_TRANSFER_ABI, USDT_CONTRACTS, USDT_TRANSFER_ABI, transferAbiFor } from './erc20.ts'

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('the USDT contract list (SPEC §9)', () => {
  it("USDT's own contract on Ethereum, in any case, gets the ABI without a bool return", () => {
    expect(USDT_CONTRACTS).toContain('0xdAC17F958D2ee523a2206206994597C13D831ec7')
    expect(transferAbiFor('0xdac17f958d2ee523a2206206994597c13d831ec7', USDT_CONTRACTS)).toBe(USDT_TRANSFER_ABI)
    expect(transferAbiFor('0xDAC17F958D2EE523A2206206994597C13D831EC7', USDT_CONTRACTS)).toBe(USDT_TRANSFER_ABI)
    expect(USDT_TRANSFER_ABI[0].outputs).toEqual([])
  })

  it('any other token gets the standard ABI, whose transfer returns bool', () => {
    expect(transferAbiFor('0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f', USDT_CONTRACTS)).toBe(ERC20_TRANSFER_ABI)
    expect(ERC20_TRANSFER_ABI[0].outputs).toEqual([{ name: '', type: 'bool' }])
  })

  it('the call data is the same for both shapes: transfer(address,uint256), selector 0xa9059cbb', () => {
    const args = [RECEIVER, 1_500_000n] as const
    const standard = encodeFunctionData({ abi: ERC20_TRANSFER_ABI, functionName: 'transfer', args })
    expect(encodeFunctionData({ abi: USDT_TRANSFER_ABI, functionName: 'transfer', args })).toBe(standard)
    expect(standard.slice(0, 10)).toBe('0xa9059cbb')
  })
})

describe('sendPlugin options', () => {
  it('usdtContracts is checked when the app creates the plugin: each must be an EVM address', () => {
    expect(parseSendOptions({ usdtContracts: ['0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D'] })).toEqual({
      usdtContracts: ['0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D'],
    })
    expect(parseSendOptions({})).toEqual({ usdtContracts: [] })
    const error = (() => {
      try {
        sendPlugin({ usdtContracts: ['0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D', 'USDT'] })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).field).toBe('sendPlugin.usdtContracts.1')
  })
})
