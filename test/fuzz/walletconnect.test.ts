import { EventEmitter } from 'node:events'
import fc from 'fast-check'
import * as v from 'valibot'
import { describe, it } from 'vitest'
import { RegistryWalletSchema, WalletPageSchema, createHttpWalletRegistry } from '../../plugins/walletconnect/registry.ts'
import { wireSessionEvents } from '../../plugins/walletconnect/sessionEvents.ts'
import type { Provider } from '../../plugins/walletconnect/universalProvider.ts'
import { casesOf, cloneableValue, hostileJsonText, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout } from './harness.ts'

// What the WalletConnect relay delivers (session events, updates, deletes: JSON from
// the wallet, so cloneable values) and what the wallet registry answers over HTTP.
const TOPIC = 'a'.repeat(64)

describe('WalletConnect relay payloads', () => {
  /** The parts of the universal provider the wiring listens to, as event emitters. */
  function relay() {
    const client = Object.assign(new EventEmitter(), { core: { relayer: new EventEmitter() } })
    const provider = Object.assign(new EventEmitter(), { session: { topic: TOPIC }, client })
    return provider as unknown as Provider & { client: EventEmitter }
  }

  const sessionEvent = fc.record({
    id: fc.nat(),
    topic: fc.oneof(fc.constant(TOPIC), fc.string()),
    params: fc.record({
      event: fc.record({ name: fc.constantFrom('accountsChanged', 'chainChanged'), data: fc.oneof(fc.array(valid.evmAddress.map((a) => `eip155:1:${a}`)), valid.hexChainId) }),
      chainId: valid.caipNetworkId,
    }),
  })
  const topicOnly = fc.record({ id: fc.nat(), topic: fc.oneof(fc.constant(TOPIC), fc.string()) })

  const targets = [
    { event: 'session_event', schema: 'SessionEventSchema', valid: sessionEvent },
    { event: 'session_update', schema: 'TopicSchema', valid: topicOnly.map((p) => ({ ...p, params: { namespaces: {} } })) },
    { event: 'session_delete', schema: 'TopicSchema', valid: topicOnly },
  ] as const

  for (const target of targets) {
    it(`${target.event}: the payload through wireSessionEvents`, { timeout: fuzzTimeout() }, async () => {
      const provider = relay()
      const heard: string[] = []
      let ended = 0
      const rewire = () =>
        wireSessionEvents(provider, {
          listener: {
            uri: () => undefined,
            event: (name) => void heard.push(name),
            updated: () => void heard.push('updated'),
            ended: () => void heard.push('ended'),
            relayLost: () => undefined,
            relayBack: () => undefined,
          },
          onEnded: () => void (ended += 1),
          onRelayError: () => undefined,
        })
      let stop = rewire()
      await fuzz({
        name: `${target.schema} (WalletConnect ${target.event})`,
        cases: casesOf(target.valid, cloneableValue),
        run: (payload) => void provider.client.emit(target.event, payload),
        // Only a payload of the current session's topic may reach the plugin.
        refuses: (payload) => {
          try {
            return (payload as { topic?: unknown } | null)?.topic !== TOPIC
          } catch {
            return true
          }
        },
        state: () => ({ heard: heard.length, ended }),
        after: () => {
          heard.splice(0)
          ended = 0
          stop()
          stop = rewire()
        },
      })
      stop()
    })
  }
})

describe('wallet registry answers', () => {
  it('WalletPageSchema and RegistryWalletSchema through the registry’s list', { timeout: fuzzTimeout() }, async () => {
    const wallet = fc.record(
      {
        id: fc.stringMatching(/^[a-z0-9]{8,64}$/),
        name: valid.name.map((name) => name.slice(0, 64)),
        image_url: fc.option(valid.url),
        image_id: fc.option(fc.stringMatching(/^[a-z0-9-]{1,40}$/)),
        homepage: fc.option(valid.url),
        rdns: fc.option(valid.rdns),
        mobile_link: fc.option(fc.constantFrom('metamask://', 'https://wallet.example/wc')),
      },
      { requiredKeys: ['id', 'name'] },
    )
    const page = fc.record({ count: fc.nat(), data: fc.array(casesOf(wallet, cloneableValue), { maxLength: 5 }) })
    const body = fc.oneof(
      casesOf(page, cloneableValue).map((value) => {
        try {
          return JSON.stringify(value) ?? ''
        } catch {
          return '{"cyclic":'
        }
      }),
      hostileJsonText,
    )
    let text = ''
    const fetch = async () => new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } })
    const registry = createHttpWalletRegistry('http://127.0.0.1:8630', { fetch: fetch as typeof globalThis.fetch })
    let listed: unknown[] = []
    await fuzz({
      name: 'WalletPageSchema + RegistryWalletSchema (wallet registry list)',
      cases: body,
      prepare: (input) => void (text = input),
      run: async () => {
        const { wallets } = await registry.list({ page: 1, entries: 40 })
        listed = [...wallets]
        // Every wallet shown passed its schema (a refused entry is dropped, never shown).
        if (wallets.some((w) => !v.safeParse(RegistryWalletSchema, { id: w.id, name: w.name }).success)) throw new Error('an unchecked wallet was listed')
      },
      mayReject: true,
      refuses: (input) => {
        try {
          return !v.safeParse(WalletPageSchema, JSON.parse(input)).success
        } catch {
          return true
        }
      },
      state: () => listed,
      after: () => void (listed = []),
    })
  })
})
