import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, createMemoryBackend, mainnet } from '../../kernel/index.ts'
import { clearPairingOnCloseAndDisconnect, createPairingStore } from './pairingStore.ts'
import { PairingErrorText, createPairingLifecycle } from './pairing.ts'

// The pairing lifecycle, with fake timers: expiry and refresh, reuse on Telegram and
// iOS Safari, the end of an attempt when the modal closes, the relay connection lost
// under a shown uri.

interface Pending {
  resolve(session: string): void
  reject(error: Error): void
}

function setup(env: { telegram?: boolean; iosSafari?: boolean; slowConnect?: boolean } = {}) {
  const kit = createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => Boolean(env.telegram), isIosSafari: () => Boolean(env.iosSafari) },
      logger: { warn: vi.fn(), error: vi.fn() },
    },
  )
  const pairings: Pending[] = []
  // The kernel's connect reaches the adapter (and so `approval`) after its own awaits.
  const startConnect = vi.fn(async () => {
    if (env.slowConnect) await Promise.resolve()
    lifecycle.approval().catch(() => undefined)
  })
  let uris = 0
  const pairing = createPairingStore()
  clearPairingOnCloseAndDisconnect(kit.services.hooks, pairing, kit.storage)
  const lifecycle = createPairingLifecycle<string>({
    pairing,
    environment: kit.services.environment,
    pair: () =>
      new Promise<string>((resolve, reject) => {
        pairings.push({ resolve, reject })
        // The provider emits display_uri once the pairing exists.
        queueMicrotask(() => lifecycle.uriReceived(`wc:${'0'.repeat(63)}${++uris}@2?relay-protocol=irn`))
      }),
    startConnect,
    relayTimeoutMs: 15_000,
  })
  return { kit, pairing, lifecycle, pairings, startConnect, uri: () => pairing.get().wcUri }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('Pairing lifecycle', () => {
  it('a uri is shown with an expiry 4 minutes after it is set', async () => {
    const { pairing, lifecycle, pairings, uri } = setup()
    void lifecycle.approval()
    await flush()
    expect(pairings).toHaveLength(1)
    expect(uri()).toMatch(/1@2\?/)
    expect(pairing.get().wcPairingExpiry).toBe(Date.now() + 240_000)
  })

  it('at 10 s or less remaining a fresh uri is made, and the replaced pairing no longer counts', async () => {
    const { lifecycle, pairings, uri } = setup()
    const approval = lifecycle.approval()
    await flush()
    const first = uri()
    await vi.advanceTimersByTimeAsync(240_000 - 10_001)
    expect(pairings).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(pairings).toHaveLength(2)
    expect(uri()).not.toBe(first)
    // The old pairing's late failure is ignored; the new one's approval settles the attempt.
    pairings[0]!.reject(new Error('proposal expired'))
    pairings[1]!.resolve('session-2')
    await expect(approval).resolves.toBe('session-2')
    expect(uri()).toBeUndefined()
  })

  it('the uri keeps being refreshed while nobody scans it', async () => {
    const { lifecycle, pairings } = setup()
    void lifecycle.approval()
    await flush()
    await vi.advanceTimersByTimeAsync(3 * (240_000 - 10_000))
    expect(pairings).toHaveLength(4)
  })

  it('a view asking again restarts a pending pairing with a fresh uri (not Telegram, not iOS Safari)', async () => {
    const { lifecycle, pairings, uri } = setup()
    void lifecycle.approval()
    await flush()
    const first = uri()
    lifecycle.request()
    await flush()
    expect(pairings).toHaveLength(2)
    expect(uri()).not.toBe(first)
  })

  it.each([
    ['Telegram', { telegram: true }],
    ['iOS Safari', { iosSafari: true }],
  ])('on %s a pending pairing is reused, not restarted', async (_, env) => {
    const { lifecycle, pairings, uri } = setup(env)
    void lifecycle.approval()
    await flush()
    const first = uri()
    await vi.advanceTimersByTimeAsync(60_000)
    lifecycle.request()
    await flush()
    expect(pairings).toHaveLength(1)
    expect(uri()).toBe(first)
  })

  it('on Telegram a retry still makes a fresh uri', async () => {
    const { lifecycle, pairings } = setup({ telegram: true })
    void lifecycle.approval()
    await flush()
    lifecycle.request({ retry: true })
    await flush()
    expect(pairings).toHaveLength(2)
  })

  it('with no pending attempt a view request starts a connect, and only one while that connect is on its way', async () => {
    const { lifecycle, pairings, startConnect } = setup({ slowConnect: true })
    lifecycle.request()
    lifecycle.request()
    expect(lifecycle.pending()).toBe(true)
    await flush()
    expect(startConnect).toHaveBeenCalledOnce()
    expect(pairings).toHaveLength(1)
  })

  it('closing the modal resets the uri and ends the attempt; no refresh follows', async () => {
    const { kit, lifecycle, pairings, uri } = setup()
    const approval = lifecycle.approval()
    await flush()
    kit.open()
    kit.close()
    expect(uri()).toBeUndefined()
    await expect(approval).rejects.toMatchObject({ shortMessage: PairingErrorText.CLOSED })
    await vi.advanceTimersByTimeAsync(240_000)
    expect(pairings).toHaveLength(1)
    expect(lifecycle.pending()).toBe(false)
  })

  it('a failed pairing sets wcError and rejects; a retry starts over', async () => {
    const { pairing, lifecycle, pairings } = setup()
    const approval = lifecycle.approval()
    await flush()
    pairings[0]!.reject(new Error('relay unreachable'))
    await expect(approval).rejects.toThrow('relay unreachable')
    expect(pairing.get().wcError).toBe(true)
    const again = lifecycle.approval()
    await flush()
    expect(pairing.get().wcError).toBe(false)
    pairings[1]!.resolve('ok')
    await expect(again).resolves.toBe('ok')
  })

  it('the relay lost under a shown uri and back: a fresh pairing (the old proposal may be gone with the relay), whose approval settles the attempt', async () => {
    const { pairing, lifecycle, pairings, uri } = setup()
    const approval = lifecycle.approval()
    await flush()
    const first = uri()
    lifecycle.relayLost()
    // A reconnect that keeps failing reports the loss again: still one interruption.
    await vi.advanceTimersByTimeAsync(5_000)
    lifecycle.relayLost()
    expect(pairings).toHaveLength(1)
    expect(uri()).toBe(first)
    lifecycle.relayBack()
    await flush()
    expect(pairings).toHaveLength(2)
    expect(uri()).not.toBe(first)
    // No failure is pending any more: past the 15 s the attempt is still alive.
    await vi.advanceTimersByTimeAsync(15_000)
    expect(pairing.get().wcError).toBe(false)
    pairings[1]!.resolve('session-after-relay-loss')
    await expect(approval).resolves.toBe('session-after-relay-loss')
  })

  it('the relay down for 15 s under a shown uri: the attempt fails with a clear error and wcError (the view offers Retry), not a QR code that leads nowhere', async () => {
    const { pairing, lifecycle, pairings } = setup()
    const approval = lifecycle.approval()
    approval.catch(() => undefined)
    await flush()
    lifecycle.relayLost()
    await vi.advanceTimersByTimeAsync(14_999)
    expect(pairing.get().wcError).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(approval).rejects.toMatchObject({ shortMessage: 'The connection to the WalletConnect relay was lost' })
    expect(pairing.get().wcError).toBe(true)
    expect(lifecycle.pending()).toBe(false)
    // The relay coming back later starts nothing by itself; Retry starts over.
    lifecycle.relayBack()
    await flush()
    expect(pairings).toHaveLength(1)
    const again = lifecycle.approval()
    await flush()
    expect(pairing.get().wcError).toBe(false)
    pairings[1]!.resolve('ok')
    await expect(again).resolves.toBe('ok')
  })

  it('a relay loss with no uri shown, or with no pairing pending (a connected session), changes nothing', async () => {
    const { lifecycle, pairings, uri } = setup()
    lifecycle.relayLost()
    lifecycle.relayBack()
    await flush()
    expect(pairings).toHaveLength(0)
    const approval = lifecycle.approval()
    await flush()
    pairings[0]!.resolve('session')
    await expect(approval).resolves.toBe('session')
    lifecycle.relayLost()
    await vi.advanceTimersByTimeAsync(15_000)
    lifecycle.relayBack()
    await flush()
    expect(pairings).toHaveLength(1)
    expect(uri()).toBeUndefined()
    expect(lifecycle.pending()).toBe(false)
  })
})
