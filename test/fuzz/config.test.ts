import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../kernel/config/parseConfig.ts'
import { ConfigSchema } from '../../kernel/config/schema.ts'
import { casesOf, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout, refusedBy } from './harness.ts'

// What an integrator passes to createPortico (plain JavaScript callers included):
// parseConfig returns a config or throws a ConfigError naming the field, never anything else.
const network = fc.record({
  id: fc.constantFrom(1, 31337, '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
  caipNetworkId: valid.caipNetworkId,
  chainNamespace: fc.constantFrom('eip155', 'solana', 'bip122', 'polkadot'),
  name: valid.name,
  nativeCurrency: fc.record({ name: fc.string(), symbol: fc.string(), decimals: fc.integer({ min: 0, max: 18 }) }),
  rpcUrls: fc.record({ default: fc.record({ http: fc.array(valid.url, { minLength: 1, maxLength: 2 }) }) }),
})

const options = fc.record(
  {
    projectId: fc.string(),
    networks: fc.array(network, { minLength: 1, maxLength: 3 }),
    themeMode: fc.constantFrom('light', 'dark'),
    themeVariables: fc.dictionary(fc.stringMatching(/^--portico-[a-z-]{1,12}$/), fc.string({ maxLength: 20 })),
    metadata: fc.record({ name: fc.string(), description: fc.string(), url: valid.url, icons: fc.array(valid.url, { maxLength: 2 }) }),
    featuredWalletIds: fc.array(valid.rdns, { maxLength: 3 }),
    enableNetworkSwitch: fc.boolean(),
    endpoints: fc.record({ blockchainApi: valid.url, relay: fc.constantFrom('wss://relay.walletconnect.org', 'ws://127.0.0.1:8555') }, { requiredKeys: [] }),
    debug: fc.boolean(),
  },
  { requiredKeys: ['networks'] },
)

describe('config', () => {
  it('ConfigSchema through parseConfig', { timeout: fuzzTimeout() }, async () => {
    await fuzz({
      name: 'ConfigSchema (parseConfig)',
      cases: casesOf(options),
      run: (input) => {
        const config = parseConfig(input as never)
        expect(config.networks.length).toBeGreaterThan(0)
      },
      mayReject: true,
      refuses: refusedBy((input) => v.safeParse(ConfigSchema, input)),
    })
  })
})
