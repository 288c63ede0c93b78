import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { mainnet } from '../chains/networks.ts'
import type { PorticoOptions } from '../config/schema.ts'
import type { ConnectorType } from '../connectors/connector.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { connectMethodOrder } from './connectMethodOrder.ts'

const makeKit = (features: NonNullable<PorticoOptions['features']> = {}) =>
  createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false, ...features } },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: vi.fn(), error: vi.fn() },
      fetch: globalThis.fetch,
    },
  )

const addConnector = (kit: ReturnType<typeof makeKit>, type: ConnectorType, id = type.toLowerCase()) =>
  kit.connectors.add({ id, name: id, type, chain: 'eip155' })

describe('connect-method order (SPEC §2)', () => {
  it('SPEC §2 the default connect-method order is email, social, wallet', () => {
    expect(makeKit().connectMethods()).toEqual(['email', 'social', 'wallet'])
  })

  it.each(['INJECTED', 'ANNOUNCED'] as const)('SPEC §2 with an %s wallet shown, the order is wallet, email, social', (type) => {
    const kit = makeKit()
    addConnector(kit, type)
    expect(kit.connectMethods()).toEqual(['wallet', 'email', 'social'])
  })

  it.each(['EXTERNAL', 'WALLET_CONNECT', 'AUTH', 'MULTI_CHAIN'] as const)(
    'SPEC §2 a %s connector does not put wallet first',
    (type) => {
      const kit = makeKit()
      addConnector(kit, type)
      expect(kit.connectMethods()).toEqual(['email', 'social', 'wallet'])
    },
  )

  it('SPEC §2 the order follows the connectors live: removing the injected wallet restores the default', () => {
    const kit = makeKit()
    const remove = addConnector(kit, 'ANNOUNCED')
    expect(kit.connectMethods()[0]).toBe('wallet')
    remove()
    expect(kit.connectMethods()).toEqual(['email', 'social', 'wallet'])
  })

  it('SPEC §2 a configured order overrides the default', () => {
    expect(makeKit({ connectMethodsOrder: ['social', 'wallet', 'email'] }).connectMethods()).toEqual(['social', 'wallet', 'email'])
  })

  it('SPEC §2 a configured order overrides the wallet-first order too', () => {
    const kit = makeKit({ connectMethodsOrder: ['email', 'social', 'wallet'] })
    addConnector(kit, 'INJECTED')
    expect(kit.connectMethods()).toEqual(['email', 'social', 'wallet'])
  })

  it('SPEC §6 email disabled drops email from the order', () => {
    expect(makeKit({ email: false }).connectMethods()).toEqual(['social', 'wallet'])
    const kit = makeKit({ email: false })
    addConnector(kit, 'INJECTED')
    expect(kit.connectMethods()).toEqual(['wallet', 'social'])
  })

  it('SPEC §6 socials false (or an empty list) drops social from the order', () => {
    expect(makeKit({ socials: false }).connectMethods()).toEqual(['email', 'wallet'])
    expect(makeKit({ socials: [] }).connectMethods()).toEqual(['email', 'wallet'])
    expect(makeKit({ socials: false, email: false }).connectMethods()).toEqual(['wallet'])
  })

  it('SPEC §6 disabled methods drop out of a configured order as well', () => {
    expect(makeKit({ email: false, connectMethodsOrder: ['email', 'wallet', 'social'] }).connectMethods()).toEqual([
      'wallet',
      'social',
    ])
  })

  it('SPEC §2 a partial configured order shows only the listed methods', () => {
    expect(
      connectMethodOrder({
        features: { email: true, socials: ['google'], connectMethodsOrder: ['wallet'] },
        hasInjectedWallet: false,
      }),
    ).toEqual(['wallet'])
  })
})
