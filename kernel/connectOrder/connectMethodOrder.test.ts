import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { mainnet } from '../chains/networks.ts'
import type { FeatureOptions } from '../config/features.ts'
import type { ConnectorType } from '../connectorRegistry/connector.ts'
import { definePlugin } from '../plugins/manifest.ts'
import { createMemoryBackend } from '../storage/storage.ts'

// Two plugins that contribute Connect sections the way the email and social-login
// plugins do: each owns its flag, and ranks below the wallet list (100).
const emailLike = definePlugin({
  id: 'email-like',
  flags: [{ name: 'email', schema: v.boolean(), default: true }],
  enabledBy: 'email',
  contributes: { connectMethods: [{ id: 'email', label: 'Email login', section: 'EmailSection', rank: 10 }] },
  load: async () => ({ activate: () => undefined }),
})
const socialLike = definePlugin({
  id: 'social-like',
  flags: [{ name: 'socials', schema: v.union([v.literal(false), v.array(v.string())]), default: ['google'] }],
  enabledBy: 'socials',
  contributes: { connectMethods: [{ id: 'social', label: 'Social login', section: 'SocialSection', rank: 20 }] },
  load: async () => ({ activate: () => undefined }),
})

const makeKit = (features: FeatureOptions = {}, plugins = [socialLike, emailLike]) =>
  createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false, ...features }, plugins },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: vi.fn(), error: vi.fn() },
      fetch: globalThis.fetch,
    },
  )

const ids = (kit: ReturnType<typeof makeKit>) => kit.connectMethods().map((method) => method.id)
const addConnector = (kit: ReturnType<typeof makeKit>, type: ConnectorType, id = type.toLowerCase()) => kit.connectors.add({ id, name: id, type, chain: 'eip155' })

describe('connect-method order', () => {
  it('without plugins that contribute sections, the Connect view has only the wallet list', () => {
    expect(ids(makeKit({}, []))).toEqual(['wallet'])
  })

  it('the default order is email, social, wallet, whatever order the plugins are listed in', () => {
    expect(ids(makeKit())).toEqual(['email', 'social', 'wallet'])
  })

  it.each(['INJECTED', 'ANNOUNCED'] as const)('with an %s wallet shown, the order is wallet, email, social', (type) => {
    const kit = makeKit()
    addConnector(kit, type)
    expect(ids(kit)).toEqual(['wallet', 'email', 'social'])
  })

  it.each(['EXTERNAL', 'WALLET_CONNECT', 'AUTH', 'MULTI_CHAIN'] as const)('a %s connector does not put wallet first', (type) => {
    const kit = makeKit()
    addConnector(kit, type)
    expect(ids(kit)).toEqual(['email', 'social', 'wallet'])
  })

  it('the order follows the connectors live: removing the injected wallet restores the default', () => {
    const kit = makeKit()
    const remove = addConnector(kit, 'ANNOUNCED')
    expect(ids(kit)[0]).toBe('wallet')
    remove()
    expect(ids(kit)).toEqual(['email', 'social', 'wallet'])
  })

  it('a configured order overrides the default and the wallet-first order', () => {
    expect(ids(makeKit({ connectMethodsOrder: ['social', 'wallet', 'email'] }))).toEqual(['social', 'wallet', 'email'])
    const kit = makeKit({ connectMethodsOrder: ['email', 'social', 'wallet'] })
    addConnector(kit, 'INJECTED')
    expect(ids(kit)).toEqual(['email', 'social', 'wallet'])
  })

  it('a plugin turned off by its flag drops its section, from a configured order too', () => {
    expect(ids(makeKit({ email: false }))).toEqual(['social', 'wallet'])
    expect(ids(makeKit({ socials: false }))).toEqual(['email', 'wallet'])
    expect(ids(makeKit({ socials: [] }))).toEqual(['email', 'wallet'])
    expect(ids(makeKit({ email: false, connectMethodsOrder: ['email', 'wallet', 'social'] }))).toEqual(['wallet', 'social'])
  })

  it('a partial configured order shows only the listed methods', () => {
    expect(ids(makeKit({ connectMethodsOrder: ['wallet'] }))).toEqual(['wallet'])
  })

  it('a configured order naming a method no listed plugin contributes is a config error with a suggestion', () => {
    expect(() => makeKit({ connectMethodsOrder: ['wallet', 'emial'] })).toThrow('"emial" is not a connect method of the listed plugins')
    expect(() => makeKit({ connectMethodsOrder: ['wallet', 'emial'] })).toThrow('Did you mean "email"?')
  })
})
