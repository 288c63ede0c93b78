import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { mainnet } from '../chains/networks.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { createEventBus } from './bus.ts'
import type { PorticoEvent } from './events.ts'

const makeKit = () =>
  createKernel(
    { projectId: 'test-project', networks: [mainnet], features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: vi.fn(), error: vi.fn() },
      fetch: globalThis.fetch,
    },
  )

describe('event bus (one typed Subject of a discriminated union)', () => {
  it('on(type) delivers only events of that type', () => {
    const bus = createEventBus()
    const opened: PorticoEvent[] = []
    const all: PorticoEvent[] = []
    bus.on('MODAL_OPEN').subscribe((event) => opened.push(event))
    bus.events$.subscribe((event) => all.push(event))
    bus.emit({ type: 'MODAL_CREATED' })
    bus.emit({ type: 'MODAL_OPEN', properties: { connected: false, view: 'Connect' } })
    bus.emit({ type: 'MODAL_CLOSE', properties: { connected: false } })
    expect(opened).toEqual([{ type: 'MODAL_OPEN', properties: { connected: false, view: 'Connect' } }])
    expect(all.map((e) => e.type)).toEqual(['MODAL_CREATED', 'MODAL_OPEN', 'MODAL_CLOSE'])
  })

  it('events are facts, not replayed to late subscribers', () => {
    const bus = createEventBus()
    bus.emit({ type: 'MODAL_CREATED' })
    const seen: PorticoEvent[] = []
    bus.events$.subscribe((e) => seen.push(e))
    expect(seen).toEqual([])
  })

  it('complete ends every subscription', () => {
    const bus = createEventBus()
    const complete = vi.fn()
    bus.on('MODAL_OPEN').subscribe({ complete })
    bus.complete()
    expect(complete).toHaveBeenCalledTimes(1)
  })

  it('kit.subscribeEvents receives the kit events until unsubscribed', () => {
    const kit = makeKit()
    const seen: PorticoEvent[] = []
    const unsubscribe = kit.subscribeEvents((event) => seen.push(event))
    kit.open()
    kit.close()
    unsubscribe()
    kit.open()
    expect(seen).toEqual([
      { type: 'MODAL_OPEN', properties: { connected: false, view: 'Connect' } },
      { type: 'MODAL_CLOSE', properties: { connected: false } },
    ])
  })

  it('one kit events never reach another kit subscribers', () => {
    const a = makeKit()
    const b = makeKit()
    const seenByB: PorticoEvent[] = []
    b.subscribeEvents((event) => seenByB.push(event))
    a.open()
    expect(seenByB).toEqual([])
  })
})
