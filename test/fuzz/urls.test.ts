import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAlertService } from '../../kernel/alerts/alertService.ts'
import { createEventBus } from '../../kernel/bus/bus.ts'
import { createPendingRequests } from '../../kernel/rpc/pendingRequests.ts'
import { createSnackService } from '../../kernel/snack/snackService.ts'
import { StorageKeys } from '../../kernel/storage/keys.ts'
import { createMemoryBackend, createStorage } from '../../kernel/storage/storage.ts'
import { AppRequests, FrameReplies } from '../../protocol/frameProtocol.ts'
import type { SocialAuth } from '../../plugins/socials/authPort.ts'
import { createSocialController } from '../../plugins/socials/controller.ts'
import { createSocialsStore } from '../../plugins/socials/state.ts'
import { isSocialRedirectReturn, isTelegramReturn } from '../../plugins/socials/contract.ts'
import { ApiRefusal } from '../../servers/frame/page/api.ts'
import { type HandlerDeps, createHandlers, dispatch } from '../../servers/frame/page/handlers.ts'
import { initialChainIdOf } from '../../servers/frame/page/keys.ts'
import { hostileString, percentEncoded } from './arbitraries.ts'
import { fuzz, fuzzTimeout } from './harness.ts'

// What Portico reads from an address: the host page's result_uri (a Telegram mini app
// reopened after a social login) and #portico_social fragment (back from a provider by a
// full-page redirect), and the secure frame page's chainId query parameter. The host's
// address goes through the socials controller to the frame page's CONNECT_SOCIAL handler,
// whose API answers as the frame server does to a login it did not start (state mismatch):
// no address can sign anyone in, and a refused one changes nothing.
//
// The window's address is a native URL (as in a browser; jsdom's own URL code in JS would
// be what the per-case time measured). Values are cut at 64 KiB: percent-encoded, that is
// up to 576 KiB of address, within the 2 MiB a browser keeps.

const STATE_MISMATCH = 'State mismatch: this login was not started here'
const PENDING_KEY = '@portico/social_pending'
const BINDING_KEY = '@portico-frame/social-binding'

/** A provider's answer as the frame server's callback returns it: the query in the fragment. */
const answer = fc
  .record({ code: fc.stringMatching(/^[A-Za-z0-9_-]{4,40}$/), state: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) })
  .map(({ code, state }) => `portico_social=${encodeURIComponent(`code=${code}&state=${state}&iss=http%3A%2F%2F127.0.0.1%3A8703`)}`)

const ADDRESS_VALUE_MAX = 64 * 1024
const hostileValue = hostileString.map((text) => text.slice(0, ADDRESS_VALUE_MAX))

/** A value for a parameter: valid, one character off, or hostile (lone surrogates, markup, 64 KiB). */
const valueOf = (validValue: fc.Arbitrary<string>) =>
  fc.oneof(
    validValue,
    fc
      .tuple(validValue, fc.nat(), hostileString)
      .map(([text, at, insert]) => `${text.slice(0, at % (text.length + 1))}${insert.slice(0, 64)}${text.slice((at % (text.length + 1)) + 1)}`),
    hostileValue,
  )

/** How a value gets into the address: percent-encoded by the app, raw (the browser encodes what it must), or twice. */
const placed = (name: string, value: fc.Arbitrary<string>) =>
  fc.tuple(value, fc.constantFrom('encoded', 'raw', 'twice', 'first-empty', 'protoKey')).map(([text, how]) => {
    const encoded = percentEncoded(text)
    if (how === 'encoded') return `${name}=${encoded}`
    if (how === 'raw') return `${name}=${text}`
    if (how === 'twice') return `${name}=${encoded}&${name}=other`
    if (how === 'first-empty') return `${name}=&${name}=${encoded}`
    return `__proto__=${encoded.slice(0, 256)}&constructor[prototype]=1&${name}=${encoded}`
  })

/** The rest of an address: nothing, other parameters, or hostile text of its own. */
const other = fc.oneof(
  fc.constant(''),
  fc.constantFrom('tab=1', 'a=%', '%E0%A4%A', '=&=&', '__proto__[polluted]=1'),
  hostileString.map((text) => text.slice(0, 2048)),
)

/** A tab's storage. */
function tabStorageOf(): Storage {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  } as Storage
}

/** The host page's window as the socials controller reads it: its address, history and tab storage. */
let address = new URL('http://127.0.0.1:5173/app')
const window = {
  location: {
    get href() {
      return address.href
    },
    get origin() {
      return address.origin
    },
    get search() {
      return address.search
    },
    get hash() {
      return address.hash
    },
  },
  history: { state: null, replaceState: (_state: unknown, _title: string, href: string) => void (address = new URL(href, address)) },
  sessionStorage: tabStorageOf(),
  opener: null,
  name: '',
} as unknown as Window

/** Puts a query and a fragment in the address, as the browser would hold them. */
function goTo(query: string, fragment: string) {
  const url = new URL('/app', address.origin)
  url.search = query
  url.hash = fragment
  window.history.replaceState(null, '', url.href)
}

const isAddress = (text: string | null): text is string => text !== null && text.length <= 4096 && URL.canParse(text)
const socialResultOf = (uri: string) => new URLSearchParams(new URL(uri).hash.slice(1)).get('portico_social')

describe('addresses the host page reads', () => {
  const backend = createMemoryBackend()
  const storage = createStorage(backend, () => undefined)
  // The frame's own tab storage, on its origin.
  const tabStorage = tabStorageOf()
  let hostAsked = 0
  let apiCalls = 0
  const loading: boolean[] = []
  let frameSession: unknown

  // The frame page's handlers with the frame server's answer to an unknown login.
  const handlers = createHandlers({
    api: {
      call: async () => {
        apiCalls += 1
        throw new ApiRefusal(400, STATE_MISMATCH)
      },
    },
    keystore: { deviceId: async () => 'device-fuzz-0001' },
    session: { get: () => frameSession, set: (value: unknown) => (frameSession = value) },
    wallets: {},
    emit: () => undefined,
    initialChainId: 1,
    smartAccounts: [],
    doc: {} as Document,
    reload: () => undefined,
    tabStorage,
  } as unknown as HandlerDeps)

  // The embedded wallet's port as the auth plugin gives it: a CONNECT_SOCIAL request the frame checks (AppRequests), then answers.
  const auth = {
    requestTimeoutMs: 30_000,
    async connectSocial(uri: string) {
      hostAsked += 1
      const payload = v.parse(AppRequests.CONNECT_SOCIAL, { uri })
      const reply = await dispatch(handlers, 'CONNECT_SOCIAL', payload)
      if (reply.outcome === 'ERROR') throw new Error(reply.payload.message)
      return { userName: reply.payload.userName }
    },
    connect: async () => {
      throw new Error('connect is not reached: no address signs in')
    },
  } as unknown as SocialAuth

  const controller = createSocialController({
    auth,
    storage,
    state: createSocialsStore(),
    alerts: createAlertService(createEventBus(), () => undefined),
    snack: createSnackService(),
    pending: createPendingRequests(),
    modal: { setLoading: (on: boolean) => void loading.push(on) },
    win: window,
    flow: 'popup',
  })

  const kept = ['connectedSocial', 'connectedSocialUsername', 'frameSocialUsername'] as const
  const state = () => ({
    storage: kept.map((name) => backend.getItem(StorageKeys[name].key)),
    binding: tabStorage.getItem(BINDING_KEY),
    frameSession,
    loadingLeftOn: loading.at(-1) === true,
  })

  let quiet: ReturnType<typeof vi.spyOn>
  beforeAll(() => {
    quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // A social login this tab started before it left (the frame's binding too): the strongest position to finish from.
    tabStorage.setItem(BINDING_KEY, 'b'.repeat(64))
  })
  afterAll(() => quiet.mockRestore())

  it('result_uri (a Telegram mini app reopened after a social login): socials controller to the frame page', { timeout: fuzzTimeout() }, async () => {
    const cases = fc.record({
      query: fc
        .tuple(placed('result_uri', valueOf(answer.map((fragment) => `${window.location.origin}/app#${fragment}`))), other)
        .map(([param, rest]) => [param, rest].filter(Boolean).join('&')),
      fragment: fc.oneof(
        fc.constant(''),
        answer,
        hostileString.map((text) => text.slice(0, 2048)),
      ),
      pending: fc.constantFrom('google', 'github', undefined, 'constructor'),
    })
    /** The result_uri of the case's address, read before the flow takes it out. */
    let uri: string | null = null
    await fuzz({
      name: 'result_uri (Telegram return: socials controller, frame CONNECT_SOCIAL)',
      cases,
      prepare: ({ query, fragment, pending }) => {
        goTo(query, fragment)
        uri = new URLSearchParams(address.search).get('result_uri')
        if (pending) window.sessionStorage.setItem(PENDING_KEY, pending)
        else window.sessionStorage.removeItem(PENDING_KEY)
      },
      run: async ({ pending }) => {
        if (!isTelegramReturn(window)) return
        const [asked, called] = [hostAsked, apiCalls]
        await controller.resumeTelegram()
        // Only an address of a login this tab started reaches the frame; only one holding an answer reaches its API.
        const read = uri
        const reaches = isAddress(read) && (pending === 'google' || pending === 'github')
        expect(hostAsked - asked).toBe(reaches ? 1 : 0)
        expect(apiCalls - called).toBe(reaches && isAddress(read) && socialResultOf(read) ? 1 : 0)
        expect(address.searchParams.has('result_uri'), 'result_uri left in the address bar').toBe(false)
        expect(window.sessionStorage.getItem(PENDING_KEY)).toBeNull()
      },
      refuses: () => true,
      state,
    })
  })

  it('#portico_social (back from a provider by a full-page redirect): socials controller to the frame page', { timeout: fuzzTimeout() }, async () => {
    const cases = fc.record({
      query: other,
      fragment: fc.oneof(
        answer,
        fc
          .tuple(placed('portico_social', valueOf(answer.map((fragment) => decodeURIComponent(fragment.slice('portico_social='.length))))), other)
          .map(([param, rest]) => [rest, param].filter(Boolean).join('&')),
        hostileValue,
      ),
      pending: fc.constantFrom('discord', 'x', undefined, '__proto__'),
    })
    await fuzz({
      name: '#portico_social (redirect return: socials controller, frame CONNECT_SOCIAL)',
      cases,
      prepare: ({ query, fragment, pending }) => {
        goTo(query, fragment)
        if (pending) window.sessionStorage.setItem(PENDING_KEY, pending)
        else window.sessionStorage.removeItem(PENDING_KEY)
      },
      run: async ({ pending }) => {
        if (isTelegramReturn(window) || !isSocialRedirectReturn(window)) return
        const href = address.href
        const [asked, called] = [hostAsked, apiCalls]
        // The plugin body logs a rejection ('Portico: social login failed:'); it must be the frame's text, not a crash.
        const failure = await controller.resumeRedirect().then(
          () => undefined,
          (error: unknown) => error,
        )
        const reaches = pending === 'discord' || pending === 'x'
        expect(hostAsked - asked).toBe(reaches ? 1 : 0)
        expect(apiCalls - called).toBe(reaches && socialResultOf(href) ? 1 : 0)
        if (reaches) expect((failure as Error).message).toMatch(socialResultOf(href) ? STATE_MISMATCH : 'This address holds no social login answer')
        else expect(failure).toBeUndefined()
        expect(address.hash, 'the answer left in the address bar').toBe('')
        expect(window.sessionStorage.getItem(PENDING_KEY)).toBeNull()
      },
      refuses: () => true,
      state,
    })
  })
})

describe('addresses the frame page reads', () => {
  it('chainId (the frame page opened by the host): GET_CHAIN_ID and SET_PREFERRED_ACCOUNT answer what the host accepts', { timeout: fuzzTimeout() }, async () => {
    const validChain = fc.oneof(
      fc.integer({ min: 1, max: 2 ** 40 }).map(String),
      fc.constantFrom('eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'bip122:000000000019d6689c085ae165831e93'),
    )
    const cases = fc.tuple(placed('chainId', valueOf(validChain)), other).map(([param, rest]) => `?${[rest, param].filter(Boolean).join('&')}`)
    const deps = (initialChainId: string | number) =>
      ({
        api: {},
        keystore: {},
        session: { get: () => undefined },
        wallets: { me: async () => ({ user: { email: null }, wallets: { eip155: '0x0000000000000000000000000000000000000001', solana: '11111111111111111111111111111111' } }) },
        emit: () => undefined,
        initialChainId,
        smartAccounts: [],
        doc: {} as Document,
        reload: () => undefined,
        tabStorage: tabStorageOf(),
      }) as unknown as HandlerDeps
    await fuzz({
      name: 'chainId query parameter (frame page: initialChainIdOf, GET_CHAIN_ID)',
      cases,
      run: async (search) => {
        const handlers = createHandlers(deps(initialChainIdOf(search)))
        const reply = await dispatch(handlers, 'GET_CHAIN_ID', undefined)
        // The host checks the reply with its schema: the frame never answers one it drops.
        expect(reply.outcome).toBe('SUCCESS')
        expect(v.safeParse(FrameReplies.GET_CHAIN_ID, reply.payload).success, JSON.stringify(reply.payload).slice(0, 200)).toBe(true)
        expect((await dispatch(handlers, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })).outcome).toBe('SUCCESS')
      },
      refuses: () => false,
    })
  })
})
