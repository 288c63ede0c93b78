import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryBackend, mainnet } from '../../kernel/index.ts'
import { createChainStore } from '../../kernel/chains/chainStore.ts'
import { createSnackService } from '../../kernel/snack/snackService.ts'
import { createStorage } from '../../kernel/storage/storage.ts'
import type { SocialAuth } from './authPort.ts'
import { createFarcasterController } from './farcaster.ts'
import { createSocialsStore } from './state.ts'

// The Farcaster login's host side with the kernel's real stores and a frame (SocialAuth) that
// answers as the test says.

const URL_ = 'http://127.0.0.1:8704/~/sign-in-with-farcaster?channelToken=abc'

function setup(auth: Partial<SocialAuth> = {}) {
  const frame: SocialAuth = {
    requestTimeoutMs: 30_000,
    getSocialRedirectUri: vi.fn(),
    connectSocial: vi.fn(),
    getFarcasterUri: vi.fn(async () => URL_),
    connectFarcaster: vi.fn(async () => ({ userName: 'alice' })),
    reload: vi.fn(async () => undefined),
    connect: vi.fn(async () => undefined),
    ...auth,
  }
  const storage = createStorage(createMemoryBackend(), () => undefined)
  const chains = createChainStore([mainnet], mainnet)
  const state = createSocialsStore()
  const controller = createFarcasterController({ auth: frame, storage, chains, state, snack: createSnackService() })
  const farcasterUrl = () => state.get().farcasterUrl
  return { controller, frame, storage, chains, state, farcasterUrl }
}

afterEach(() => vi.useRealTimers())

describe('Farcaster login (host side)', () => {
  it("asks the frame for the farcaster url ('get farcaster uri'), keeps it as accountState.farcasterUrl, then 'connect farcaster' and connects; the provider and username are stored", async () => {
    let answer: (value: { userName: string }) => void = () => undefined
    const t = setup({ connectFarcaster: vi.fn(() => new Promise<{ userName: string }>((resolve) => (answer = resolve))) })
    const done = t.controller.connect(new AbortController().signal)
    await vi.waitFor(() => expect(t.farcasterUrl()).toBe(URL_))
    expect(t.frame.connectFarcaster).toHaveBeenCalledTimes(1)
    answer({ userName: 'alice' })
    await done
    expect(t.frame.connect).toHaveBeenCalledTimes(1)
    expect(t.storage.get('connectedSocial')).toBe('farcaster')
    expect(t.storage.get('connectedSocialUsername')).toBe('alice')
    expect(t.farcasterUrl()).toBeUndefined()
  })

  it('a kept farcaster url is shown again without asking the frame for a new one', async () => {
    const t = setup()
    t.state.set({ farcasterUrl: URL_ })
    await t.controller.connect(new AbortController().signal)
    expect(t.frame.getFarcasterUri).not.toHaveBeenCalled()
    expect(t.frame.connectFarcaster).toHaveBeenCalledTimes(1)
  })

  it('a refused login drops the url (the next visit opens a new channel); leaving the view (abort) keeps it', async () => {
    const refused = setup({ connectFarcaster: async () => Promise.reject(new Error("The signature is not from the Farcaster account's custody address")) })
    await expect(refused.controller.connect(new AbortController().signal)).rejects.toThrow('custody address')
    expect(refused.farcasterUrl()).toBeUndefined()
    expect(refused.storage.get('connectedSocial')).toBeUndefined()

    const abort = new AbortController()
    const left = setup({ connectFarcaster: () => (abort.abort(), Promise.reject(new Error('Request was aborted'))) })
    await expect(left.controller.connect(abort.signal)).rejects.toThrow('Request was aborted')
    expect(left.farcasterUrl()).toBe(URL_)
  })

  it('back from ConnectingFarcaster while disconnected clears the farcaster url and reloads the frame after 100 ms; a new visit waits until the frame is back', async () => {
    vi.useFakeTimers()
    let back: () => void = () => undefined
    const t = setup({ reload: vi.fn(() => new Promise<void>((resolve) => (back = resolve))) })
    t.state.set({ farcasterUrl: URL_ })
    t.controller.popped({ view: 'ConnectingFarcaster' })
    expect(t.farcasterUrl()).toBeUndefined()
    const again = t.controller.connect(new AbortController().signal)
    await vi.advanceTimersByTimeAsync(99)
    expect(t.frame.reload).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(t.frame.reload).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(t.frame.getFarcasterUri).not.toHaveBeenCalled()
    back()
    await again
    expect(t.frame.getFarcasterUri).toHaveBeenCalledTimes(1)
  })

  it('a reload that fails (the frame did not come back) does not hold the next visit', async () => {
    vi.useFakeTimers()
    const t = setup({ reload: vi.fn(async () => Promise.reject(new Error('Unable to load email login dependency'))) })
    t.controller.popped({ view: 'ConnectingFarcaster' })
    await vi.advanceTimersByTimeAsync(100)
    await t.controller.connect(new AbortController().signal)
    expect(t.frame.getFarcasterUri).toHaveBeenCalledTimes(1)
    expect(t.storage.get('connectedSocial')).toBe('farcaster')
  })

  it('back from another view, or while connected, keeps the url and does not reload', () => {
    vi.useFakeTimers()
    const t = setup()
    t.state.set({ farcasterUrl: URL_ })
    t.controller.popped({ view: 'WalletCatalogue' })
    t.chains.updateAccount('eip155', { status: 'connected', caipAddress: 'eip155:1:0x0000000000000000000000000000000000000001' })
    t.controller.popped({ view: 'ConnectingFarcaster' })
    vi.advanceTimersByTime(1000)
    expect(t.farcasterUrl()).toBe(URL_)
    expect(t.frame.reload).not.toHaveBeenCalled()
  })
})
