import { describe, expect, it } from 'vitest'
import { resolve } from '../../kernel/container/token.ts'
import { rootContainer } from '../../kernel/container/tsyringe.ts'
import { tokenBalances } from './tokenBalances.ts'
import { ITokenBalances, type TokenBalances } from '../../kernel/balances/tokenBalances.ts'

describe('token balances behind ITokenBalances', () => {
  it('a service registered under the token first (another plugin, the app) is the one the built-in bodies use', async () => {
    const container = rootContainer.createChildContainer()
    const own: TokenBalances = { refresh: async () => [] }
    container.register(ITokenBalances, { useValue: own })
    expect(tokenBalances(container)).toBe(own)
  })

  it('without one, the first body to ask registers the kit service, and every later asker, by token too, gets that same one', () => {
    const container = rootContainer.createChildContainer()
    const first = tokenBalances(container)
    expect(tokenBalances(container)).toBe(first)
    expect(resolve(container, ITokenBalances)).toBe(first)
  })
})
