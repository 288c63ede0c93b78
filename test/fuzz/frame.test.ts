// @vitest-environment jsdom
import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createFrameClient } from '../../plugins/auth/frameClient.ts'
import { AppMessageSchema, FrameEventSchema, FrameReplyEnvelopeSchema } from '../../protocol/frameProtocol.ts'
import { type ChannelWindow, createChannel } from '../../servers/frame/page/channel.ts'
import { casesOf, cloneableValue, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout, refusedBy } from './harness.ts'

// Frame messages both ways. postMessage carries a structured clone, so the hostile
// values are the cloneable ones (cycles, bigint, Dates, deep nesting, own __proto__ keys).
const FRAME_ORIGIN = 'http://127.0.0.1:8700'
const HOST = 'http://127.0.0.1:5173'
const REQUEST_ID = 'request-fuzz-0001'

const user = fc.record({
  email: fc.option(fc.constantFrom('a@b.example', 'visitor@portico.example'), { nil: null }),
  address: valid.evmAddress,
  chainId: fc.oneof(fc.integer({ min: 1 }), valid.caipNetworkId),
  accounts: fc.array(fc.record({ address: valid.evmAddress, type: fc.constantFrom('eoa', 'smartAccount') }), { maxLength: 2 }),
  smartAccountDeployed: fc.boolean(),
  preferredAccountType: fc.constantFrom('eoa', 'smartAccount'),
})

const frameMessage = fc.oneof(
  fc.constant({ type: '@portico-frame/READY', payload: { version: 4 } }),
  fc.record({ type: fc.constant('@portico-frame/SESSION_UPDATE'), payload: fc.record({ token: fc.string({ minLength: 1, maxLength: 64 }) }) }),
  fc.constant({ type: '@portico-frame/SESSION_ENDED' }),
  fc.record({ id: fc.constant(REQUEST_ID), type: fc.constant('@portico-frame/GET_USER_SUCCESS'), payload: user }),
  fc.record({ id: fc.constant(REQUEST_ID), type: fc.constant('@portico-frame/GET_USER_ERROR'), payload: fc.record({ message: fc.string({ maxLength: 80 }) }) }),
  fc.record({ id: fc.constant(REQUEST_ID), type: fc.constant('@portico-frame/GET_CHAIN_ID_SUCCESS'), payload: fc.record({ chainId: fc.integer({ min: 1 }) }) }),
)

describe('frame → host messages', () => {
  it('FrameEventSchema and the reply schemas through the frame client’s message listener', { timeout: fuzzTimeout() }, async () => {
    // The request id is the client's randomUUID: fixed here so that generated replies can answer it.
    window.crypto.randomUUID = () => REQUEST_ID as `${string}-${string}-${string}-${string}-${string}`
    const client = createFrameClient({ frameUrl: FRAME_ORIGIN, projectId: 'project-1', chainId: 31337 })
    const loading = client.load()
    const iframe = document.getElementById('w3m-iframe') as HTMLIFrameElement
    iframe.contentWindow!.postMessage = () => undefined
    const fromFrame = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, origin: FRAME_ORIGIN, source: iframe.contentWindow }))
    fromFrame({ type: '@portico-frame/READY', payload: { version: 4 } })
    await loading

    let events = 0
    client.subscribe(() => (events += 1))
    let settled = false
    let abort = new AbortController()
    const ask = () => {
      abort = new AbortController()
      settled = false
      client.request('GET_USER', { chainId: 1 }, { signal: abort.signal }).then(
        () => (settled = true),
        () => (settled = true),
      )
    }
    ask()
    await fuzz({
      name: 'FrameEventSchema + FrameReplies (frame client, host side)',
      cases: casesOf(frameMessage, cloneableValue),
      run: async (data) => {
        fromFrame(data)
        await Promise.resolve()
      },
      refuses: (data) => refusedBy((d) => v.safeParse(FrameEventSchema, d))(data) && refusedBy((d) => v.safeParse(FrameReplyEnvelopeSchema, d))(data),
      state: () => ({ events, settled }),
      after: () => {
        abort.abort()
        ask()
      },
    })
    expect(client.dropped).toBeGreaterThan(0)
    client.dispose()
  })
})

describe('host → frame messages', () => {
  it('AppMessageSchema through the frame page’s channel listener', { timeout: fuzzTimeout() }, async () => {
    const parent = { postMessage: () => undefined }
    let listener: ((event: MessageEvent) => void) | undefined
    const win = { parent, addEventListener: (_type: 'message', handler: (event: MessageEvent) => void) => (listener = handler) } as ChannelWindow
    const channel = createChannel(win, [HOST])
    let handled = 0
    channel.listen(() => (handled += 1))
    const id = valid.id
    const request = fc.oneof(
      fc.record({ id, type: fc.constant('@portico-app/GET_CHAIN_ID') }),
      fc.record({ id, type: fc.constant('@portico-app/CONNECT_EMAIL'), payload: fc.record({ email: fc.constantFrom('a@b.example', ' x@y.example ') }) }),
      fc.record({ id, type: fc.constant('@portico-app/CONNECT_OTP'), payload: fc.record({ otp: fc.stringMatching(/^\d{6}$/) }) }),
      fc.record({ id, type: fc.constant('@portico-app/CONNECT_SOCIAL'), payload: fc.record({ uri: fc.webUrl({ withFragments: true, withQueryParameters: true }) }) }),
      fc.record({
        id,
        type: fc.constant('@portico-app/RPC_REQUEST'),
        payload: fc.record({ method: fc.constantFrom('eth_sendTransaction', 'personal_sign'), params: fc.jsonValue(), caipNetworkId: valid.caipNetworkId }),
      }),
      fc.record({
        id,
        type: fc.constant('@portico-app/SYNC_THEME'),
        payload: fc.record({
          themeMode: fc.constantFrom('dark', 'light'),
          themeVariables: fc.dictionary(fc.stringMatching(/^--portico-[a-z]{1,8}$/), fc.string({ maxLength: 20 })),
        }),
      }),
    )
    await fuzz({
      name: 'AppMessageSchema (frame page channel, frame side)',
      cases: casesOf(request, cloneableValue),
      run: (data) => listener!({ data, origin: HOST, source: parent } as unknown as MessageEvent),
      refuses: refusedBy((data) => v.safeParse(AppMessageSchema, data)),
      state: () => ({ handled, hostOrigin: channel.hostOrigin }),
    })
    expect(channel.dropped).toBeGreaterThan(0)
  })
})
