import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { readAccounts } from '../../plugins/namespaces/bip122/accounts.ts'
import { BitcoinAccountSchema } from '../../plugins/namespaces/bip122/schemas.ts'
import { AddressListSchema, ChainIdHexSchema } from '../../plugins/namespaces/eip155/schemas.ts'
import { walletRequest } from '../../plugins/namespaces/eip155/walletRequest.ts'
import { ConnectOutputSchema, SignMessageOutputSchema } from '../../plugins/namespaces/solana/schemas.ts'
import { fromStandardWallet } from '../../plugins/namespaces/solana/standardWallet.ts'
import { casesOf, pageValue, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout, refusedBy } from './harness.ts'

// What a wallet answers a request with (RPC results), through the function each namespace
// reads it with: a value that passed the schema, or the kit's WalletError.
const SOLANA_ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const base58 = fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

describe('EIP-1193 answers', () => {
  const answers = [
    { method: 'eth_accounts', schema: AddressListSchema, name: 'AddressListSchema', valid: fc.array(valid.evmAddress, { maxLength: 3 }) },
    { method: 'eth_chainId', schema: ChainIdHexSchema, name: 'ChainIdHexSchema', valid: valid.hexChainId },
  ] as const
  for (const { method, schema, name, valid: answer } of answers) {
    it(`${method}: the answer through walletRequest`, { timeout: fuzzTimeout() }, async () => {
      await fuzz({
        name: `${name} (eip155 ${method} answer)`,
        cases: casesOf(answer as fc.Arbitrary<unknown>),
        run: (value) => walletRequest({ request: async () => value }, method, undefined, schema),
        mayReject: true,
        refuses: refusedBy((value) => v.safeParse(schema, value)),
      })
    })
  }
})

describe('Wallet Standard answers', () => {
  const wallet = (output: unknown, accounts: unknown = [{ address: SOLANA_ADDRESS, chains: ['solana:mainnet'] }]) => ({
    name: 'Fuzz',
    chains: ['solana:mainnet'],
    accounts,
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => output },
      'solana:signMessage': { version: '1.0.0', signMessage: async () => output },
    },
  })

  it('solana standard:connect: the output through the wallet’s connect', { timeout: fuzzTimeout() }, async () => {
    const output = fc.record({ accounts: fc.array(fc.record({ address: base58, chains: fc.subarray(['solana:mainnet', 'eip155:1']) }), { maxLength: 3 }) })
    await fuzz({
      name: 'ConnectOutputSchema + StandardAccountSchema (solana standard:connect)',
      cases: casesOf(output),
      run: async (value) => {
        const addresses = await fromStandardWallet(wallet(value)).connect(false)
        for (const address of addresses) expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      },
      mayReject: true,
      refuses: refusedBy((value) => v.safeParse(ConnectOutputSchema, value)),
    })
  })

  it('solana:signMessage: the output through the wallet’s signMessage', { timeout: fuzzTimeout() }, async () => {
    const output = fc.array(fc.record({ signature: fc.uint8Array({ minLength: 64, maxLength: 64 }), signedMessage: fc.uint8Array({ maxLength: 8 }) }), {
      minLength: 1,
      maxLength: 2,
    })
    await fuzz({
      name: 'SignMessageOutputSchema (solana:signMessage)',
      cases: casesOf(output),
      run: async (value) => {
        const signature = await fromStandardWallet(wallet(value)).signMessage(SOLANA_ADDRESS, new Uint8Array([1]))
        expect(signature).toHaveLength(64)
      },
      mayReject: true,
      refuses: refusedBy((value) => v.safeParse(SignMessageOutputSchema, value)),
    })
  })

  it('bip122 wallet accounts through readAccounts', { timeout: fuzzTimeout() }, async () => {
    const account = fc.record({
      address: fc.stringMatching(/^bc1q[a-z0-9]{20,40}$/),
      publicKey: fc.uint8Array({ minLength: 33, maxLength: 33 }),
      chains: fc.constant(['bip122:000000000019d6689c085ae165831e93']),
    })
    await fuzz({
      name: 'BitcoinAccountSchema (bip122 wallet accounts)',
      cases: fc.oneof(fc.array(casesOf(account), { maxLength: 3 }), pageValue),
      run: (accounts) => {
        for (const read of readAccounts({ accounts })) expect(v.safeParse(BitcoinAccountSchema, read).success).toBe(true)
      },
      refuses: () => false,
    })
  })
})
