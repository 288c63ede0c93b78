import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { base, bitcoin, mainnet, solana } from '../chains/networks.ts'
import { ConfigError } from '../errors/base.ts'
import { Alerts } from '../errors/catalogue.ts'
import { definePlugin } from '../plugins/manifest.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { parseConfig } from './parseConfig.ts'
import type { PorticoOptions } from './schema.ts'

const runtime = () => ({
  storage: createMemoryBackend(),
  environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
  logger: { warn: vi.fn(), error: vi.fn() },
  fetch: globalThis.fetch,
})

/** Runs parseConfig and returns the ConfigError it throws (fails the test if it does not throw one). */
function configError(options: unknown): ConfigError {
  try {
    parseConfig(options as PorticoOptions)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('parseConfig did not throw')
}

// A plugin that owns two flags the way the social-login plugin will: one turns it on
// (a list of providers, or false), the other is a plain setting.
const socialsLike = definePlugin({
  id: 'socials-like',
  flags: [
    { name: 'socials', schema: v.union([v.literal(false), v.array(v.picklist(['google', 'github']))]), default: ['google', 'github'] },
    { name: 'socialPopup', schema: v.boolean(), default: true },
  ],
  enabledBy: 'socials',
  contributes: {},
  load: async () => ({ activate: () => undefined }),
})
const owners = { email: "emailPlugin() from 'portico/email'" }

describe('parseConfig: defaults', () => {
  const config = parseConfig({ projectId: 'p', networks: [mainnet] })

  it('analytics is on by default (it posts only to a configured endpoint)', () => {
    expect(config.features.analytics).toBe(true)
  })

  it("a listed plugin's flags get their defaults; with no plugin there are no plugin flags", () => {
    expect(Object.keys(config.features)).toEqual(['analytics', 'legalCheckbox', 'collapseWallets'])
    const withPlugin = parseConfig({ projectId: 'p', networks: [mainnet], plugins: [socialsLike] })
    expect(withPlugin.features['socials']).toEqual(['google', 'github'])
    expect(withPlugin.features['socialPopup']).toBe(true)
  })

  it('the Connect view flags default as SPEC §9 says: legalCheckbox off, collapseWallets off', () => {
    expect(config.features.legalCheckbox).toBe(false)
    expect(config.features.collapseWallets).toBe(false)
  })

  it('theme defaults to dark', () => {
    expect(config.themeMode).toBe('dark')
    expect(config.themeMode).toBe('dark')
  })

  it("prefetch defaults to 'idle', takes 'intent' and 'none', and refuses anything else with a ConfigError at prefetch", () => {
    expect(config.prefetch).toBe('idle')
    expect(parseConfig({ projectId: 'p', networks: [mainnet], prefetch: 'intent' }).prefetch).toBe('intent')
    expect(parseConfig({ projectId: 'p', networks: [mainnet], prefetch: 'none' }).prefetch).toBe('none')
    expect(configError({ projectId: 'p', networks: [mainnet], prefetch: 'eager' }).field).toBe('prefetch')
  })

  it('maxFeePerGasCap: unset by default; wei in decimal digits (500 gwei = 500000000000); 0, negative, hex or a number refused at maxFeePerGasCap', () => {
    expect(config.maxFeePerGasCap).toBeUndefined()
    expect(parseConfig({ projectId: 'p', networks: [mainnet], maxFeePerGasCap: '500000000000' }).maxFeePerGasCap).toBe('500000000000')
    for (const bad of ['0', '-1', '0x746a528800', '5e11', 500_000_000_000]) {
      expect(configError({ projectId: 'p', networks: [mainnet], maxFeePerGasCap: bad }).field).toBe('maxFeePerGasCap')
    }
  })

  it("an explicit plugin flag overrides only that flag, validated by the plugin's schema", () => {
    const custom = parseConfig({ projectId: 'p', networks: [mainnet], plugins: [socialsLike], features: { socials: false } })
    expect(custom.features['socials']).toBe(false)
    expect(custom.features['socialPopup']).toBe(true)
  })

  it('a configured connect-method order is kept', () => {
    const custom = parseConfig({ projectId: 'p', networks: [mainnet], features: { connectMethodsOrder: ['wallet'] } })
    expect(custom.features.connectMethodsOrder).toEqual(['wallet'])
  })

  it('the default network is the first configured network', () => {
    expect(parseConfig({ projectId: 'p', networks: [base, mainnet] }).defaultNetwork).toEqual(base)
  })
})

describe('parseConfig: errors name the bad field', () => {
  it('a plugin flag of the wrong type throws a ConfigError naming features.<flag>', () => {
    const error = configError({ projectId: 'p', networks: [mainnet], plugins: [socialsLike], features: { socialPopup: 'yes' } })
    expect(error.field).toBe('features.socialPopup')
    expect(error.message).toContain('features.socialPopup')
  })

  it('a well-known flag set while its plugin is absent names the plugin to add', () => {
    const error = (() => {
      try {
        parseConfig({ projectId: 'p', networks: [mainnet], features: { email: true } }, { flagOwners: owners })
      } catch (caught) {
        return caught as ConfigError
      }
      throw new Error('parseConfig did not throw')
    })()
    expect(error.field).toBe('features.email')
    expect(error.details).toBe("is set, but no listed plugin provides it: add emailPlugin() from 'portico/email'.")
  })

  it('a flag no plugin defines and nobody knows is an error with the closest known flag', () => {
    const error = configError({ projectId: 'p', networks: [mainnet], plugins: [socialsLike], features: { socail: ['google'] } })
    expect(error.field).toBe('features.socail')
    expect(error.details).toContain('Did you mean "socials"?')
  })

  it('two plugins defining the same flag are refused', () => {
    const copy = { ...socialsLike, id: 'copy' }
    expect(configError({ projectId: 'p', networks: [mainnet], plugins: [socialsLike, copy] }).details).toContain('features.socials is defined by both "socials-like" and "copy"')
  })

  it('an unknown top-level key is an error with a did-you-mean, for plain JavaScript callers too', () => {
    const error = configError({ projectID: 'p', networks: [mainnet] })
    expect(error.field).toBe('projectID')
    expect(error.details).toBe('is not a Portico option. Did you mean "projectId"?')
    expect(configError({ projectId: 'p', networks: [mainnet], colour: 'red' }).details).toBe('is not a Portico option.')
  })

  it('a network with a bad caipNetworkId names the path into networks', () => {
    const error = configError({ projectId: 'p', networks: [mainnet, { ...base, caipNetworkId: 'not a caip id' }] })
    expect(error.field).toBe('networks.1.caipNetworkId')
  })

  it('an unknown chain namespace on a network names networks.N.chainNamespace', () => {
    const error = configError({ projectId: 'p', networks: [{ ...mainnet, chainNamespace: 'cosmos' }] })
    expect(error.field).toBe('networks.0.chainNamespace')
  })

  it('an empty network list is refused at networks', () => {
    expect(configError({ projectId: 'p', networks: [] }).field).toBe('networks')
    expect(configError({ projectId: 'p' }).field).toBe('networks')
  })

  it("a plugin's networks follow the app's own, each id once, and may stand for them", () => {
    const bringsNetworks = (...networks: (typeof mainnet)[]) => definePlugin({ id: 'brings', contributes: { networks }, load: async () => ({ activate: () => undefined }) })
    const alone = parseConfig({ projectId: 'p', plugins: [bringsNetworks(mainnet, base)] })
    expect(alone.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
    expect(alone.defaultNetwork.caipNetworkId).toBe('eip155:1')
    expect(alone.adapters).toEqual(['eip155'])
    const renamed = { ...base, name: "The app's Base" }
    const both = parseConfig({ projectId: 'p', networks: [solana, renamed], plugins: [bringsNetworks(mainnet, base)] })
    expect(both.networks.map((n) => n.name)).toEqual([solana.name, "The app's Base", mainnet.name])
  })

  it("a value the plugin's schema refuses inside a list is named by its index", () => {
    const error = configError({ projectId: 'p', networks: [mainnet], plugins: [socialsLike], features: { socials: ['google', 'myspace'] } })
    expect(error.field).toBe('features.socials.1')
  })

  // A plugin that owns two top-level options and a rule across them, as the siwx plugin does.
  const greeterLike = definePlugin({
    id: 'greeter-like',
    contributes: {
      config: {
        keys: { greeting: v.optional(v.pipe(v.string(), v.minLength(1)), 'Hello'), farewell: v.optional(v.string()) },
        check: ({ greeting, farewell }) => (greeting === farewell ? { key: 'farewell', reason: 'must differ from greeting' } : undefined),
      },
    },
    load: async () => ({ activate: () => undefined }),
  })

  it("contributes.config: a plugin's top-level option passes its schema and is in the config; a left-out one gets its default", () => {
    const config = parseConfig({ projectId: 'p', networks: [mainnet], plugins: [greeterLike], greeting: 'Hi', farewell: 'Bye' })
    expect([config['greeting'], config['farewell']]).toEqual(['Hi', 'Bye'])
    const defaults = parseConfig({ projectId: 'p', networks: [mainnet], plugins: [greeterLike] })
    expect(defaults['greeting']).toBe('Hello')
    expect('farewell' in defaults).toBe(false)
  })

  it('contributes.config: a bad value is a ConfigError naming the key; the rule across keys names its key', () => {
    const bad = configError({ projectId: 'p', networks: [mainnet], plugins: [greeterLike], greeting: '' })
    expect(bad.field).toBe('greeting')
    expect(bad.message).toContain('greeting')
    const rule = configError({ projectId: 'p', networks: [mainnet], plugins: [greeterLike], greeting: 'Hi', farewell: 'Hi' })
    expect([rule.field, rule.details]).toEqual(['farewell', 'must differ from greeting'])
  })

  it('contributes.config: an option set while its plugin is absent names the plugin to add; an unknown one the closest option', () => {
    const error = (() => {
      try {
        parseConfig({ projectId: 'p', networks: [mainnet], greeting: 'Hi' }, { configOwners: { greeting: "greeterPlugin() from 'greeter'" } })
      } catch (caught) {
        return caught as ConfigError
      }
      throw new Error('parseConfig did not throw')
    })()
    expect([error.field, error.details]).toEqual(['greeting', "is set, but no listed plugin provides it: add greeterPlugin() from 'greeter'."])
    expect(configError({ projectId: 'p', networks: [mainnet], plugins: [greeterLike], greting: 'Hi' }).details).toBe('is not a Portico option. Did you mean "greeting"?')
  })

  it('contributes.config: a plugin may not own a kernel option, nor one another plugin owns', () => {
    const themeThief = definePlugin({ ...greeterLike, id: 'thief', contributes: { config: { keys: { themeMode: v.string() } } } })
    expect(configError({ projectId: 'p', networks: [mainnet], plugins: [themeThief] }).details).toBe('themeMode is defined by both "the kernel" and "thief"')
    const copy = { ...greeterLike, id: 'copy' }
    expect(configError({ projectId: 'p', networks: [mainnet], plugins: [greeterLike, copy] }).details).toBe('greeting is defined by both "greeter-like" and "copy"')
  })

  it('defaultNetwork must be one of networks', () => {
    const error = configError({ projectId: 'p', networks: [mainnet], defaultNetwork: base })
    expect(error.field).toBe('defaultNetwork')
    expect(parseConfig({ projectId: 'p', networks: [mainnet, base], defaultNetwork: base }).defaultNetwork.caipNetworkId).toBe('eip155:8453')
  })

  it('issue 5: the WalletConnect relay defaults to the public relay; a ws(s) URL overrides it, anything else names the field', () => {
    expect(parseConfig({ projectId: 'p', networks: [mainnet] }).endpoints.relay).toBe('wss://relay.walletconnect.org')
    expect(parseConfig({ projectId: 'p', networks: [mainnet], endpoints: { relay: 'ws://127.0.0.1:8620' } }).endpoints.relay).toBe('ws://127.0.0.1:8620')
    expect(configError({ projectId: 'p', networks: [mainnet], endpoints: { relay: 'https://relay.example' } }).field).toBe('endpoints.relay')
  })

  it('issue 5: the wallet registry has no default and must be an http(s) URL', () => {
    expect(parseConfig({ projectId: 'p', networks: [mainnet] }).endpoints.walletRegistry).toBeUndefined()
    expect(parseConfig({ projectId: 'p', networks: [mainnet], endpoints: { walletRegistry: 'http://127.0.0.1:8630' } }).endpoints.walletRegistry).toBe('http://127.0.0.1:8630')
    expect(configError({ projectId: 'p', networks: [mainnet], endpoints: { walletRegistry: 'javascript:alert(1)' } }).field).toBe('endpoints.walletRegistry')
  })

  it('issue 30: the bundler and the paymaster are set per EVM network (CAIP-2 id) with http(s) URLs; none by default', () => {
    expect(parseConfig({ projectId: 'p', networks: [mainnet] }).endpoints).toMatchObject({ bundler: {}, paymaster: {} })
    const endpoints = { bundler: { 'eip155:31337': 'http://127.0.0.1:8703/rpc' }, paymaster: { 'eip155:31337': 'http://127.0.0.1:8705' } }
    expect(parseConfig({ projectId: 'p', networks: [mainnet], endpoints }).endpoints).toMatchObject(endpoints)
    expect(configError({ projectId: 'p', networks: [mainnet], endpoints: { bundler: { 'solana:localnet': 'http://127.0.0.1:8703/rpc' } } }).field).toMatch(/^endpoints\.bundler/)
    expect(configError({ projectId: 'p', networks: [mainnet], endpoints: { paymaster: { 'eip155:1': 'javascript:alert(1)' } } }).field).toMatch(/^endpoints\.paymaster/)
  })

  it('adapters default to the namespaces of the configured networks, without duplicates', () => {
    expect(parseConfig({ projectId: 'p', networks: [mainnet, base, solana, bitcoin] }).adapters).toEqual(['eip155', 'solana', 'bip122'])
    expect(parseConfig({ projectId: 'p', networks: [mainnet], adapters: [] }).adapters).toEqual([])
  })

  it('themeVariables accept --portico-* properties with plain values', () => {
    const config = parseConfig({ projectId: 'p', networks: [mainnet], themeVariables: { '--portico-accent': '#47a1ff' } })
    expect(config.themeVariables).toEqual({ '--portico-accent': '#47a1ff' })
  })

  it('a themeVariables key that is not --portico-* is refused', () => {
    const error = configError({ projectId: 'p', networks: [mainnet], themeVariables: { color: 'red' } })
    expect(error.field.startsWith('themeVariables')).toBe(true)
  })

  it('a themeVariables value that could inject CSS is refused', () => {
    for (const value of ['red; background: url(x)', 'red}', '<script>']) {
      const error = configError({ projectId: 'p', networks: [mainnet], themeVariables: { '--portico-accent': value } })
      expect(error.field).toBe('themeVariables.--portico-accent')
    }
  })

  it('kit.setThemeVariables refuses a non --portico-* variable and merges valid ones', () => {
    const kit = createKernel({ projectId: 'p', networks: [mainnet], features: { analytics: false } }, runtime())
    kit.setThemeVariables({ '--portico-accent': 'blue' })
    expect(kit.theme.get().themeVariables).toEqual({ '--portico-accent': 'blue' })
    expect(() => kit.setThemeVariables({ 'font-family': 'x' })).toThrow(ConfigError)
    expect(() => kit.setThemeVariables({ '--portico-accent': 'x;}' })).toThrow(ConfigError)
    expect(kit.theme.get().themeVariables).toEqual({ '--portico-accent': 'blue' })
  })
})

describe('project id', () => {
  it('a missing projectId does not throw but reports the PROJECT_ID_NOT_CONFIGURED alert', () => {
    expect(() => parseConfig({ networks: [mainnet] })).not.toThrow()
    const kit = createKernel({ networks: [mainnet], features: { analytics: false } }, runtime())
    expect(kit.alerts.store.get().current?.alert).toMatchObject({ shortMessage: 'Project ID Not Configured' })
  })

  it.each(['', '   '])('a blank projectId (%j) counts as missing: alert, not a throw', (projectId) => {
    expect(parseConfig({ projectId, networks: [mainnet] }).projectId).toBeUndefined()
    const kit = createKernel({ projectId, networks: [mainnet], features: { analytics: false } }, runtime())
    expect(kit.alerts.store.get().current?.alert.code).toBe(Alerts.PROJECT_ID_NOT_CONFIGURED.code)
  })

  it('with a projectId no alert is shown', () => {
    const kit = createKernel({ projectId: 'p', networks: [mainnet], features: { analytics: false } }, runtime())
    expect(kit.alerts.store.get().current).toBeUndefined()
  })
})
