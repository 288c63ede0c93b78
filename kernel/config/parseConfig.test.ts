import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { base, bitcoin, mainnet, solana } from '../chains/networks.ts'
import { DEFAULT_FEATURES, DEFAULT_SOCIALS, ThemeDefaults } from '../constants.ts'
import { ConfigError } from '../errors/base.ts'
import { Alerts, ErrorText } from '../errors/catalogue.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { parseConfig } from './parseConfig.ts'
import { DEFAULT_RELAY_URL, type PorticoOptions } from './schema.ts'

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

describe('parseConfig: defaults (SPEC §9)', () => {
  const config = parseConfig({ projectId: 'p', networks: [mainnet] })

  it.each(['swaps', 'onramp', 'receive', 'send', 'email', 'emailShowWallets', 'history', 'analytics', 'allWallets'] as const)(
    'SPEC §9 default features on: %s',
    (flag) => {
      expect(config.features[flag]).toBe(true)
    },
  )

  it.each(['legalCheckbox', 'smartSessions', 'collapseWallets'] as const)('SPEC §9 default features off: %s', (flag) => {
    expect(config.features[flag]).toBe(false)
  })

  it('SPEC §9 default features: the parsed flags match the DEFAULT_FEATURES constant', () => {
    for (const [flag, value] of Object.entries(DEFAULT_FEATURES)) {
      expect(config.features[flag as keyof typeof DEFAULT_FEATURES]).toBe(value)
    }
  })

  it('SPEC §9 default socials: google, x, discord, farcaster, github, apple, facebook in that order', () => {
    expect(config.features.socials).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(config.features.socials).toEqual([...DEFAULT_SOCIALS])
  })

  it('SPEC §9 theme defaults to dark', () => {
    expect(config.themeMode).toBe('dark')
    expect(config.themeMode).toBe(ThemeDefaults.themeMode)
  })

  it('SPEC §6 email login is on by default, and an explicit flag overrides only that flag', () => {
    const custom = parseConfig({ projectId: 'p', networks: [mainnet], features: { email: false } })
    expect(custom.features.email).toBe(false)
    expect(custom.features.swaps).toBe(true)
  })

  it('SPEC §6 socials can be turned off with false', () => {
    expect(parseConfig({ projectId: 'p', networks: [mainnet], features: { socials: false } }).features.socials).toBe(false)
  })

  it('SPEC §2 a configured connect-method order is kept', () => {
    const custom = parseConfig({
      projectId: 'p',
      networks: [mainnet],
      features: { connectMethodsOrder: ['social', 'wallet', 'email'] },
    })
    expect(custom.features.connectMethodsOrder).toEqual(['social', 'wallet', 'email'])
  })

  it('DESIGN Config: the default network is the first configured network', () => {
    expect(parseConfig({ projectId: 'p', networks: [base, mainnet] }).defaultNetwork).toEqual(base)
  })
})

describe('parseConfig: errors name the bad field (DESIGN Config)', () => {
  it("DESIGN Config: features.email: 'yes' throws a ConfigError with field features.email", () => {
    const error = configError({ projectId: 'p', networks: [mainnet], features: { email: 'yes' } })
    expect(error.field).toBe('features.email')
    expect(error.message).toContain('features.email')
  })

  it('DESIGN Config: a network with a bad caipNetworkId names the path into networks', () => {
    const error = configError({ projectId: 'p', networks: [mainnet, { ...base, caipNetworkId: 'not a caip id' }] })
    expect(error.field).toBe('networks.1.caipNetworkId')
  })

  it('DESIGN Config: an unknown chain namespace on a network names networks.N.chainNamespace', () => {
    const error = configError({ projectId: 'p', networks: [{ ...mainnet, chainNamespace: 'cosmos' }] })
    expect(error.field).toBe('networks.0.chainNamespace')
  })

  it('DESIGN Config: an empty network list is refused at networks', () => {
    expect(configError({ projectId: 'p', networks: [] }).field).toBe('networks')
  })

  it('DESIGN Config: an unknown social provider is refused at its index', () => {
    const error = configError({ projectId: 'p', networks: [mainnet], features: { socials: ['google', 'myspace'] } })
    expect(error.field.startsWith('features.socials')).toBe(true)
  })

  it('SPEC §5 siweConfig and siwx cannot both be set (catalogue text)', () => {
    const error = configError({ projectId: 'p', networks: [mainnet], siweConfig: {}, siwx: {} })
    expect(error.details).toBe(ErrorText.SIWE_AND_SIWX_BOTH_SET)
    expect(error.message).toContain(ErrorText.SIWE_AND_SIWX_BOTH_SET)
  })

  it('SPEC §5 siweConfig alone and siwx alone are each accepted', () => {
    expect(() => parseConfig({ projectId: 'p', networks: [mainnet], siweConfig: {} })).not.toThrow()
    expect(parseConfig({ projectId: 'p', networks: [mainnet], siwx: { required: true } }).siwx?.required).toBe(true)
  })

  it('DESIGN Config: defaultNetwork must be one of networks', () => {
    const error = configError({ projectId: 'p', networks: [mainnet], defaultNetwork: base })
    expect(error.field).toBe('defaultNetwork')
    expect(parseConfig({ projectId: 'p', networks: [mainnet, base], defaultNetwork: base }).defaultNetwork.caipNetworkId).toBe(
      'eip155:8453',
    )
  })

  it('issue 5: the WalletConnect relay defaults to the public relay; a ws(s) URL overrides it, anything else names the field', () => {
    expect(parseConfig({ projectId: 'p', networks: [mainnet] }).endpoints.relay).toBe(DEFAULT_RELAY_URL)
    expect(DEFAULT_RELAY_URL).toBe('wss://relay.walletconnect.org')
    expect(parseConfig({ projectId: 'p', networks: [mainnet], endpoints: { relay: 'ws://127.0.0.1:8620' } }).endpoints.relay).toBe(
      'ws://127.0.0.1:8620',
    )
    expect(configError({ projectId: 'p', networks: [mainnet], endpoints: { relay: 'https://relay.example' } }).field).toBe('endpoints.relay')
  })

  it('issue 5: the wallet registry has no default and must be an http(s) URL', () => {
    expect(parseConfig({ projectId: 'p', networks: [mainnet] }).endpoints.walletRegistry).toBeUndefined()
    expect(
      parseConfig({ projectId: 'p', networks: [mainnet], endpoints: { walletRegistry: 'http://127.0.0.1:8630' } }).endpoints.walletRegistry,
    ).toBe('http://127.0.0.1:8630')
    expect(configError({ projectId: 'p', networks: [mainnet], endpoints: { walletRegistry: 'javascript:alert(1)' } }).field).toBe(
      'endpoints.walletRegistry',
    )
  })

  it('DESIGN Config: adapters default to the namespaces of the configured networks, without duplicates', () => {
    expect(parseConfig({ projectId: 'p', networks: [mainnet, base, solana, bitcoin] }).adapters).toEqual([
      'eip155',
      'solana',
      'bip122',
    ])
    expect(parseConfig({ projectId: 'p', networks: [mainnet], adapters: [] }).adapters).toEqual([])
  })

  it('DESIGN Shell: themeVariables accept --portico-* properties with plain values', () => {
    const config = parseConfig({ projectId: 'p', networks: [mainnet], themeVariables: { '--portico-accent': '#47a1ff' } })
    expect(config.themeVariables).toEqual({ '--portico-accent': '#47a1ff' })
  })

  it('DESIGN Shell: a themeVariables key that is not --portico-* is refused', () => {
    const error = configError({ projectId: 'p', networks: [mainnet], themeVariables: { color: 'red' } })
    expect(error.field.startsWith('themeVariables')).toBe(true)
  })

  it('DESIGN Shell: a themeVariables value that could inject CSS is refused', () => {
    for (const value of ['red; background: url(x)', 'red}', '<script>']) {
      const error = configError({ projectId: 'p', networks: [mainnet], themeVariables: { '--portico-accent': value } })
      expect(error.field).toBe('themeVariables.--portico-accent')
    }
  })

  it('DESIGN Shell: kit.setThemeVariables refuses a non --portico-* variable and merges valid ones', () => {
    const kit = createKernel({ projectId: 'p', networks: [mainnet], features: { analytics: false } }, runtime())
    kit.setThemeVariables({ '--portico-accent': 'blue' })
    expect(kit.theme.get().themeVariables).toEqual({ '--portico-accent': 'blue' })
    expect(() => kit.setThemeVariables({ 'font-family': 'x' })).toThrow(ConfigError)
    expect(() => kit.setThemeVariables({ '--portico-accent': 'x;}' })).toThrow(ConfigError)
    expect(kit.theme.get().themeVariables).toEqual({ '--portico-accent': 'blue' })
  })
})

describe('project id (SPEC §5)', () => {
  it('SPEC §5 a missing projectId does not throw but reports the PROJECT_ID_NOT_CONFIGURED alert', () => {
    expect(() => parseConfig({ networks: [mainnet] })).not.toThrow()
    const kit = createKernel({ networks: [mainnet], features: { analytics: false } }, runtime())
    expect(kit.alerts.store.get().current?.alert).toBe(Alerts.PROJECT_ID_NOT_CONFIGURED)
  })

  it.each(['', '   '])('SPEC §5 a blank projectId (%j) counts as missing: alert, not a throw', (projectId) => {
    expect(parseConfig({ projectId, networks: [mainnet] }).projectId).toBeUndefined()
    const kit = createKernel({ projectId, networks: [mainnet], features: { analytics: false } }, runtime())
    expect(kit.alerts.store.get().current?.alert.code).toBe(Alerts.PROJECT_ID_NOT_CONFIGURED.code)
  })

  it('SPEC §5 with a projectId no alert is shown', () => {
    const kit = createKernel({ projectId: 'p', networks: [mainnet], features: { analytics: false } }, runtime())
    expect(kit.alerts.store.get().current).toBeUndefined()
  })
})
