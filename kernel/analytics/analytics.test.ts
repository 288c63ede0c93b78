import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import type { PorticoEvent } from '../bus/events.ts'
import { mainnet } from '../chains/networks.ts'
import type { PorticoOptions } from '../config/schema.ts'
import { Alerts } from '../errors/catalogue.ts'
import { createMemoryBackend } from '../storage/storage.ts'

interface Hit {
  method: string
  path: string
  query: Record<string, string>
  contentType: string | undefined
  body: {
    eventId: string
    url: string
    domain: string
    timestamp: number
    props: { event: string; properties?: Record<string, unknown>; address?: string } & Record<string, unknown>
  }
}

let server: Server
let endpoint: string
let hits: Hit[] = []
/** Answers the endpoint holds back (project 'held') until a test lets them go. */
const held: import('node:http').ServerResponse[] = []
const answerOneHeld = () => held.shift()?.writeHead(200).end()

/**
 * A real analytics endpoint: 403 for the project 'forbidden' (origin not on the allowlist),
 * 500 for 'broken', no answer yet for 'held'.
 */
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const text = Buffer.concat(chunks).toString('utf8')
      hits.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        contentType: req.headers['content-type'],
        body: text ? JSON.parse(text) : undefined,
      })
      const projectId = url.searchParams.get('projectId')
      if (projectId === 'held') return held.push(res)
      res.writeHead(projectId === 'forbidden' ? 403 : projectId === 'broken' ? 500 : 200)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
})

beforeEach(() => {
  hits = []
})

afterEach(() => {
  vi.unstubAllGlobals()
})

function makeKit(options: Partial<PorticoOptions> = {}, flavour?: 'html' | 'react') {
  const logger = { warn: vi.fn(), error: vi.fn() }
  const fetch = vi.fn(globalThis.fetch)
  const kit = createKernel(
    { projectId: 'analytics-project', networks: [mainnet], endpoints: { analytics: endpoint }, ...options },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger,
      fetch,
      ...(flavour ? { flavour } : {}),
    },
  )
  return { kit, logger, fetch }
}

const hitsFor = (projectId: string) => hits.filter((hit) => hit.query.projectId === projectId)

describe('analytics against a real local endpoint', () => {
  it('POST /e with query projectId, st, sv', async () => {
    const { kit } = makeKit({}, 'react')
    kit.open()
    await vi.waitFor(() => expect(hits).toHaveLength(1))
    const [hit] = hits
    expect(hit!.method).toBe('POST')
    expect(hit!.path).toBe('/e')
    expect(hit!.query).toEqual({ projectId: 'analytics-project', st: 'portico', sv: 'react-portico-1.7.3' })
    expect(hit!.contentType).toBe('application/json')
  })

  it('the body carries eventId, url, domain, timestamp and props (event data plus address)', async () => {
    vi.stubGlobal('location', { href: 'https://dapp.example/swap?x=1', host: 'dapp.example' })
    const { kit } = makeKit()
    kit.chains.updateAccount('eip155', { caipAddress: 'eip155:1:0xabc', address: '0xabc', status: 'connected' })
    const before = Date.now()
    kit.open()
    await vi.waitFor(() => expect(hits).toHaveLength(1))
    const { body } = hits[0]!
    expect(body.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(body.url).toBe('https://dapp.example/swap?x=1')
    expect(body.domain).toBe('dapp.example')
    expect(body.timestamp).toBeGreaterThanOrEqual(before)
    expect(body.timestamp).toBeLessThanOrEqual(Date.now())
    expect(body.props).toEqual({
      event: 'MODAL_OPEN',
      properties: { connected: true, view: 'Account' },
      address: '0xabc',
    })
    expect(Object.keys(body).sort()).toEqual(['domain', 'eventId', 'props', 'timestamp', 'url'])
  })

  it('an event emitted in the click that opens the modal is posted in a later task, never inside the click', async () => {
    const { kit, fetch } = makeKit()
    // The sender downloads first (a dynamic import); an open once it is there:
    kit.bus.emit({ type: 'CONNECT_ERROR', properties: { message: 'warm-up' } })
    await vi.waitFor(() => expect(hits).toHaveLength(1))
    kit.open()
    expect(fetch).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(hits).toHaveLength(2))
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('each event gets its own eventId', async () => {
    const { kit } = makeKit()
    kit.open()
    kit.close()
    await vi.waitFor(() => expect(hits).toHaveLength(2))
    expect(hits[0]!.body.eventId).not.toBe(hits[1]!.body.eventId)
    expect(hits.map((h) => h.body.props.event).sort()).toEqual(['MODAL_CLOSE', 'MODAL_OPEN'])
  })

  it('analytics is sent only when the analytics feature is on: features.analytics false sends nothing', async () => {
    const off = makeKit({ projectId: 'analytics-off', features: { analytics: false } })
    off.kit.open()
    off.kit.close()
    off.kit.bus.emit({ type: 'CONNECT_ERROR', properties: { message: 'x' } })
    // a control kit with analytics on, sent after: once its event arrives, the disabled kit had its chance
    const on = makeKit({ projectId: 'analytics-on' })
    on.kit.open()
    await vi.waitFor(() => expect(hitsFor('analytics-on')).toHaveLength(1))
    expect(hitsFor('analytics-off')).toEqual([])
    expect(off.fetch).not.toHaveBeenCalled()
  })

  it('with no endpoints.analytics nothing is sent to any host, and events still reach subscribeEvents', async () => {
    // The page's own origin is this server: a fallback to the page, like any default host, would show here.
    vi.stubGlobal('location', { href: `${endpoint}/app`, host: new URL(endpoint).host })
    const none = makeKit({ projectId: 'no-endpoint', endpoints: {} })
    expect(none.kit.config.endpoints.analytics).toBeUndefined()
    const events: PorticoEvent[] = []
    none.kit.subscribeEvents((event) => events.push(event))
    none.kit.open()
    none.kit.close()
    none.kit.bus.emit({ type: 'CONNECT_ERROR', properties: { message: 'x' } })
    expect(events.map((event) => event.type)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'CONNECT_ERROR'])
    // a control kit with an endpoint, sent after: once its event arrives, the kit without one had its chance
    const control = makeKit({ projectId: 'with-endpoint' })
    control.kit.open()
    await vi.waitFor(() => expect(hitsFor('with-endpoint')).toHaveLength(1))
    expect(hits.map((hit) => hit.query.projectId)).toEqual(['with-endpoint'])
    expect(none.fetch).not.toHaveBeenCalled()
  })

  it('MODAL_CREATED is never sent', async () => {
    const { kit, fetch } = makeKit()
    // createKernel emitted MODAL_CREATED with analytics already listening
    expect(fetch).not.toHaveBeenCalled()
    kit.bus.emit({ type: 'MODAL_CREATED' })
    kit.open()
    await vi.waitFor(() => expect(hits).toHaveLength(1))
    expect(hits.map((h) => h.body.props.event)).toEqual(['MODAL_OPEN'])
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it("a 403 from analytics shows 'Invalid App Configuration' exactly once, even after several events", async () => {
    const { kit, logger } = makeKit({ projectId: 'forbidden' })
    const events: PorticoEvent[] = []
    kit.subscribeEvents((e) => events.push(e))
    kit.open()
    kit.close()
    kit.open()
    await vi.waitFor(() => expect(events.some((e) => e.type === 'ALERT_REPORTED' && e.properties.code === Alerts.INVALID_APP_CONFIGURATION.code)).toBe(true))
    kit.close()
    kit.open()
    // let every request (including the one for ALERT_REPORTED itself) be answered 403
    await vi.waitFor(() => expect(hitsFor('forbidden').length).toBeGreaterThanOrEqual(6))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(kit.alerts.store.get().current?.alert).toBe(Alerts.INVALID_APP_CONFIGURATION)
    expect(kit.alerts.store.get().current?.alert.shortMessage).toBe('Invalid App Configuration')
    const reported = events.filter((e) => e.type === 'ALERT_REPORTED' && e.properties.code === Alerts.INVALID_APP_CONFIGURATION.code)
    expect(reported).toHaveLength(1)
    expect(logger.warn.mock.calls.filter(([m]) => String(m).includes(Alerts.INVALID_APP_CONFIGURATION.shortMessage))).toHaveLength(1)
  })

  it('other analytics failures (500) show no alert and never break the kit', async () => {
    const { kit } = makeKit({ projectId: 'broken' })
    kit.open()
    kit.close()
    await vi.waitFor(() => expect(hitsFor('broken')).toHaveLength(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(kit.alerts.store.get().current).toBeUndefined()
  })

  it('an unreachable analytics endpoint never breaks the kit', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const { kit, fetch } = makeKit({ endpoints: { analytics: `http://127.0.0.1:${port}` } })
    kit.open()
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    await fetch.mock.results[0]!.value.catch(() => undefined)
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.alerts.store.get().current).toBeUndefined()
  })

  it('at most 2 posts are in flight; the others wait and go in the order emitted as answers come; beyond 50 waiting, the oldest waiting is dropped', async () => {
    const { kit } = makeKit({ projectId: 'held' })
    const emit = (index: number) => kit.bus.emit({ type: 'CONNECT_ERROR', properties: { message: `event ${index}` } })
    const sent = () => hitsFor('held').map((hit) => hit.body.props.properties?.['message'])
    // The sender downloads on the first event; 60 events in one go.
    for (let index = 0; index < 60; index++) emit(index)
    await vi.waitFor(() => expect(sent()).toEqual(['event 0', 'event 1']))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sent()).toHaveLength(2)
    // 58 were waiting: the 8 oldest of them (2 to 9) were dropped, the last 50 go, in order.
    for (let answered = 0; answered < 52; answered++) {
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(0))
      answerOneHeld()
    }
    await vi.waitFor(() => expect(sent()).toHaveLength(52))
    expect(sent()).toEqual(['event 0', 'event 1', ...Array.from({ length: 50 }, (_, index) => `event ${index + 10}`)])
    expect(held.length).toBe(0)
  })
})
