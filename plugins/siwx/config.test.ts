import { describe, expect, it } from 'vitest'
import { ConfigError, ErrorText, type PorticoOptions, mainnet, parseConfig } from '../../kernel/index.ts'
import { PLUGIN_CONFIG_OWNERS } from '../../entries/flagOwners.ts'
import { siwxOptions } from './config.ts'
import { siwxPlugin } from './index.ts'

// `siwx` and `siweConfig` are the siwx plugin's own top-level options (contributes.config):
// checked by its schemas and its rule when the kit is created, refused without the plugin.
const plugins = [siwxPlugin()]

/** Runs parseConfig and returns the ConfigError it throws (fails the test if it does not throw one). */
function configError(options: PorticoOptions, configOwners = {}): ConfigError {
  try {
    parseConfig(options, { configOwners })
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('parseConfig did not throw')
}

// The smallest objects implementing each form; the plugin's flow tests use real stores.
const siwx = { createMessage: async () => ({}) as never, addSession: async () => {}, revokeSession: async () => {}, getSessions: async () => [] }
const siweConfig = { getNonce: async () => 'n', createMessage: () => '', verifyMessage: async () => true, getSession: async () => null, signOut: async () => true }

describe('the siwx plugin owns siwx and siweConfig', () => {
  it('siweConfig and siwx cannot both be set (catalogue text)', () => {
    const error = configError({ projectId: 'p', networks: [mainnet], plugins, siweConfig, siwx })
    expect(error.field).toBe('siwx')
    expect(error.details).toBe(ErrorText.SIWE_AND_SIWX_BOTH_SET)
    expect(error.message).toContain('siweConfig and siwx cannot both be set')
  })

  it('siweConfig alone and siwx alone are each accepted, as the same objects (a class instance keeps its methods and this)', () => {
    class Store {
      readonly sessions: string[] = []
      async createMessage() {
        return {} as never
      }
      async addSession() {
        this.sessions.push('x')
      }
      async revokeSession() {}
      async getSessions() {
        return []
      }
      getRequired() {
        return true
      }
    }
    const store = new Store()
    expect(siwxOptions(parseConfig({ projectId: 'p', networks: [mainnet], plugins, siweConfig })).siweConfig).toBe(siweConfig)
    const parsed = siwxOptions(parseConfig({ projectId: 'p', networks: [mainnet], plugins, siwx: store })).siwx
    expect(parsed).toBe(store)
    expect(parsed?.getRequired?.()).toBe(true)
  })

  it('siwx must implement SiwxConfig and siweConfig SiweConfig: the ConfigError names the key and lists the methods', () => {
    const siwxText = 'must implement SiwxConfig: createMessage addSession revokeSession getSessions getRequired?'
    for (const bad of [{ ...siwx, getSessions: undefined }, { required: true }, 'yes', null, { ...siwx, getRequired: true }]) {
      const error = configError({ projectId: 'p', networks: [mainnet], plugins, siwx: bad })
      expect([error.field, error.details]).toEqual(['siwx', siwxText])
    }
    const siwe = configError({ projectId: 'p', networks: [mainnet], plugins, siweConfig: { ...siweConfig, verifyMessage: 1 } })
    expect([siwe.field, siwe.details]).toEqual(['siweConfig', 'must implement SiweConfig: getNonce createMessage verifyMessage getSession signOut getMessageParams?'])
    // The optional ones may be left out.
    expect(() => parseConfig({ projectId: 'p', networks: [mainnet], plugins, siwx: { ...siwx, getRequired: undefined } })).not.toThrow()
  })

  it('siwx or siweConfig without siwxPlugin() listed is refused when the kit is created, naming what to add', () => {
    for (const options of [{ siwx }, { siweConfig }]) {
      const [key] = Object.keys(options)
      const error = configError({ projectId: 'p', networks: [mainnet], ...options }, PLUGIN_CONFIG_OWNERS)
      expect([error.field, error.details]).toEqual([key, "is set, but no listed plugin provides it: add siwxPlugin() from 'portico/siwx'."])
    }
  })

  it('the kernel alone does not know them: without the plugin they are not Portico options', () => {
    expect(configError({ projectId: 'p', networks: [mainnet], siwx }).details).toBe('is not a Portico option.')
  })
})
