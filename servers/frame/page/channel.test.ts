import { describe, expect, it } from 'vitest'
import { type ChannelWindow, createChannel } from './channel.ts'
import { createHandlers, dispatch } from './handlers.ts'
import { renderFramePage } from './html.ts'
import { createSocialResultInbox } from './socialResult.ts'

const HOST = 'http://127.0.0.1:5173'
const request = { id: 'request-0001', type: '@portico-app/GET_CHAIN_ID' }

/** A window with a parent that records what is posted to it, and a way to deliver message events. */
function frameWindow(options: { embedded?: boolean } = {}) {
  const posted: { message: unknown; targetOrigin: string }[] = []
  const parent = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) }
  let listener: ((event: MessageEvent) => void) | undefined
  const win: ChannelWindow = {
    parent: null,
    addEventListener: (_type, handler) => (listener = handler),
  }
  Object.assign(win, { parent: options.embedded === false ? win : parent })
  const deliver = (data: unknown, origin = HOST, source: unknown = parent) => listener!({ data, origin, source } as MessageEvent)
  return { win, parent, posted, deliver }
}

describe('the frame’s channel', () => {
  it('reads a request only from the parent window, from an allowed origin, of a valid shape; the rest is dropped and answered with nothing', () => {
    const { win, deliver, posted } = frameWindow()
    const channel = createChannel(win, [HOST, 'https://app.example'])
    const handled: unknown[] = []
    channel.listen((message) => handled.push(message))
    deliver(request, 'http://127.0.0.1:9999')
    deliver(request, HOST, {})
    deliver(request, HOST, null)
    deliver({ ...request, type: '@portico-app/NOPE' })
    deliver({ ...request, id: 'short' })
    deliver({ id: 'request-0002', type: '@portico-app/CONNECT_OTP', payload: { otp: '12' } })
    expect(handled).toEqual([])
    expect(channel.dropped).toBe(6)
    expect(channel.hostOrigin).toBeUndefined()
    deliver(request)
    expect(handled).toEqual([{ ...request, payload: undefined }])
    expect(channel.hostOrigin).toBe(HOST)
    // Once the parent is known, its origin is the only one: another allowed origin is not the parent.
    deliver(request, 'https://app.example')
    expect(handled).toHaveLength(1)
    expect(channel.dropped).toBe(7)
    expect(posted).toEqual([])
  })

  it('READY before the parent spoke goes to each allowed origin (only the real one receives it); replies go to the parent’s origin only', () => {
    const { win, deliver, posted } = frameWindow()
    const channel = createChannel(win, [HOST, 'https://app.example'])
    channel.listen(() => undefined)
    channel.emit({ type: '@portico-frame/READY', payload: { version: 4 } })
    expect(posted.map((p) => p.targetOrigin)).toEqual([HOST, 'https://app.example'])
    deliver(request)
    channel.reply('GET_CHAIN_ID', request.id, 'SUCCESS', { chainId: 1 })
    expect(posted.at(-1)).toEqual({ targetOrigin: HOST, message: { id: request.id, type: '@portico-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } } })
  })

  it("without a parent: 'W3mFrame: parent is not set'", () => {
    const { win } = frameWindow({ embedded: false })
    const channel = createChannel(win, [HOST])
    expect(() => channel.listen(() => undefined)).toThrow('W3mFrame: parent is not set')
    expect(() => channel.emit({ type: '@portico-frame/READY', payload: {} })).toThrow('W3mFrame: parent is not set')
  })
})

describe('dispatch', () => {
  const handlers = createHandlers({
    api: undefined as never,
    wallets: undefined as never,
    keystore: undefined as never,
    session: undefined as never,
    emit: () => undefined,
    initialChainId: 31337,
    smartAccounts: [],
    doc: undefined as never,
    hostOrigin: () => undefined,
    reload: () => undefined,
    tabStorage: undefined as never,
    socialResults: createSocialResultInbox({ location: { origin: 'http://127.0.0.1:8700' }, addEventListener: () => undefined }),
  })

  it('a handler’s value is the SUCCESS payload; its error text is the ERROR payload', async () => {
    expect(await dispatch(handlers, 'GET_CHAIN_ID', undefined)).toEqual({ outcome: 'SUCCESS', payload: { chainId: 31337 } })
    expect(await dispatch(handlers, 'SWITCH_NETWORK', { chainId: 'eip155:1' })).toEqual({ outcome: 'SUCCESS', payload: { chainId: 'eip155:1' } })
    expect(await dispatch(handlers, 'GET_CHAIN_ID', undefined)).toEqual({ outcome: 'SUCCESS', payload: { chainId: 'eip155:1' } })
    expect(await dispatch(handlers, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined)).toEqual({ outcome: 'SUCCESS', payload: { smartAccountEnabledNetworks: [] } })
    expect(await dispatch(handlers, 'INIT_SMART_ACCOUNT', undefined)).toEqual({ outcome: 'ERROR', payload: { message: 'Smart accounts are not available' } })
    expect(await dispatch(handlers, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({
      outcome: 'ERROR',
      payload: { message: 'Smart accounts are not available' },
    })
    expect(await dispatch(handlers, 'CONNECT_DEVICE', undefined)).toEqual({ outcome: 'ERROR', payload: { message: 'Enter your email first' } })
    expect(await dispatch(handlers, 'CONNECT_SOCIAL', { uri: 'http://127.0.0.1:5173/#other=1' })).toEqual({
      outcome: 'ERROR',
      payload: { message: 'This address holds no social login answer' },
    })
  })

  it('an RPC request on a network the host did not sync is refused', async () => {
    const reply = await dispatch(handlers, 'RPC_REQUEST', { method: 'eth_blockNumber', caipNetworkId: 'eip155:999' })
    expect(reply).toEqual({ outcome: 'ERROR', payload: { message: 'eip155:999 is not a network this site allows' } })
  })
})

describe('the frame page', () => {
  it('has no inline script: its config is a JSON data block that no string can break out of, its code /frame.js', () => {
    const html = renderFramePage({ allowedOrigins: [HOST], projectId: '</script><script>alert(1)</script>' })
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.map((s) => s[1])).toEqual([' type="application/json" id="portico-frame-config"', ' type="module" src="/frame.js"'])
    expect(scripts[1]![2]).toBe('')
    expect(JSON.parse(scripts[0]![2]!)).toEqual({ allowedOrigins: [HOST], projectId: '</script><script>alert(1)</script>', version: 4, smartAccounts: [] })
    expect(html).toContain('<link rel="stylesheet" href="/frame.css">')
  })
})
