import { afterEach, describe, expect, it, vi } from 'vitest'
import { Alerts, createMemoryBackend } from '../../kernel/index.ts'
import { createAlertService } from '../../kernel/alerts/alertService.ts'
import { createEventBus } from '../../kernel/bus/bus.ts'
import { createPendingRequests } from '../../kernel/rpc/pendingRequests.ts'
import { createSnackService } from '../../kernel/snack/snackService.ts'
import { createStorage } from '../../kernel/storage/storage.ts'
import type { SocialAuth, SocialRequestOptions } from './authPort.ts'
import { createSocialController } from './controller.ts'
import { createSocialsStore } from './state.ts'

// The socials controller with the kernel's real stores, a window whose popup the test drives
// (a cross-origin one: its address can be set, never read), and a frame (SocialAuth) that
// answers as the test says, honouring the request options as the frame client does (onTimeout,
// then the request fails).

const PAGE = 'http://127.0.0.1:5173/app'
/** The frame server's begin link of a login (its origin, never the provider's). */
const BEGIN = 'http://127.0.0.1:8700/v1/social/begin?t=Qm9yaW5nIGJ1dCB1bmd1ZXNzYWJsZSBiZWdpbiB0b2tlbg'
/** The registered return URL holding the result secret (redirect flow, Telegram). */
const ANSWER = `${PAGE}#portico_social=R2V0IHlvdXIgb3duIHJlc3VsdCBzZWNyZXQgcGxlYXNlIQ`

function setup(options: { popup?: boolean; flow?: 'popup' | 'redirect'; auth?: Partial<SocialAuth>; href?: string } = {}) {
  // Navigations the page makes in the popup, and its attempts to read where the popup is (the browser refuses them cross-origin).
  const navigations: string[] = []
  let locationReads = 0
  const location = {
    get href(): string {
      locationReads += 1
      throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError')
    },
    set href(value: string) {
      navigations.push(value)
    },
  }
  const popup = { closed: false, location, close: vi.fn(() => void (popup.closed = true)) }
  const session = new Map<string, string>()
  const win = {
    open: vi.fn(() => (options.popup === false ? null : popup)),
    location: { href: options.href ?? PAGE, origin: 'http://127.0.0.1:5173', hash: '', assign: vi.fn() },
    history: { state: null, replaceState: vi.fn() },
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => void session.set(key, value),
      removeItem: (key: string) => void session.delete(key),
    },
  }
  const requests: SocialRequestOptions[] = []
  const auth: SocialAuth = {
    requestTimeoutMs: 30_000,
    getSocialRedirectUri: vi.fn(async (_provider, _returnUrl, request) => {
      requests.push(request!)
      return BEGIN
    }),
    connectSocial: vi.fn(async () => ({ userName: 'alice' })),
    getFarcasterUri: vi.fn(async () => 'http://127.0.0.1:8704/~/sign-in-with-farcaster?channelToken=t'),
    connectFarcaster: vi.fn(async () => ({ userName: 'alice' })),
    reload: vi.fn(async () => undefined),
    connect: vi.fn(async () => undefined),
    ...options.auth,
  }
  const storage = createStorage(createMemoryBackend(), () => undefined)
  const state = createSocialsStore()
  const alerts = createAlertService(createEventBus(), () => undefined)
  const pending = createPendingRequests()
  const modal = { setLoading: vi.fn() }
  const controller = createSocialController({
    auth,
    storage,
    state,
    alerts,
    snack: createSnackService(),
    pending,
    modal,
    win: win as unknown as Window,
    flow: options.flow ?? 'popup',
  })
  const socialWindow = () => state.get().popup
  return { controller, popup, navigations, locationReads: () => locationReads, win, auth, storage, alerts, pending, modal, requests, session, socialWindow }
}

afterEach(() => vi.useRealTimers())

describe('socials controller', () => {
  it("opens the popup before anything is awaited, sends it only to the frame server's begin link, never reads it, and once it closed has the frame finish the login", async () => {
    const t = setup()
    const done = t.controller.start('google')
    // Synchronously, in the click: nothing awaited yet.
    expect(t.win.open).toHaveBeenCalledTimes(1)
    expect(t.win.open).toHaveBeenCalledWith('', 'portico-social', expect.stringContaining('popup'))
    expect(t.socialWindow()).toBe(t.popup)
    await vi.waitFor(() => expect(t.navigations).toEqual([BEGIN]))
    // Popup flow: no return URL, the answer goes from the popup to the frame.
    expect(t.auth.getSocialRedirectUri).toHaveBeenCalledWith('google', undefined, expect.anything())
    expect(t.requests[0]!.timeoutMs).toBe(30_000)
    // Several polls (250 ms each) while the popup is at the provider: the page does not look at it.
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(t.auth.connectSocial).not.toHaveBeenCalled()
    // The popup's page closes it once the frame acknowledged the result.
    t.popup.closed = true
    await done
    expect(t.auth.connectSocial).toHaveBeenCalledWith(BEGIN, expect.objectContaining({ timeoutMs: 30_000 }))
    expect(t.auth.connect).toHaveBeenCalledTimes(1)
    expect(t.storage.get('connectedSocial')).toBe('google')
    expect(t.storage.get('connectedSocialUsername')).toBe('alice')
    expect(t.storage.get('frameSocialUsername')).toBe('alice')
    expect(t.socialWindow()).toBeUndefined()
    expect(t.navigations).toEqual([BEGIN])
    expect(t.locationReads()).toBe(0)
  })

  it('a popup closed by the visitor cancels cleanly: the frame has no result, nothing connected, nothing stored, no popup kept', async () => {
    const t = setup({ auth: { connectSocial: vi.fn(async () => undefined) } })
    const done = t.controller.start('github')
    await vi.waitFor(() => expect(t.navigations).toHaveLength(1))
    t.popup.closed = true
    await expect(done).resolves.toBeUndefined()
    expect(t.auth.connectSocial).toHaveBeenCalledWith(BEGIN, expect.anything())
    expect(t.auth.connect).not.toHaveBeenCalled()
    expect(t.storage.get('connectedSocial')).toBeUndefined()
    expect(t.socialWindow()).toBeUndefined()
    expect(t.pending.size).toBe(0)
  })

  it('a frame that does not answer in 30 s gives the SOCIALS_TIMEOUT alert, and the popup is closed', async () => {
    const t = setup({
      auth: {
        getSocialRedirectUri: async (_p, _r, request) => {
          expect(request!.timeoutMs).toBe(30_000)
          request!.onTimeout!()
          throw new Error('Request was aborted')
        },
      },
    })
    await expect(t.controller.start('google')).rejects.toThrow('Request was aborted')
    expect(t.alerts.store.get().current?.alert).toEqual(Alerts.SOCIALS_TIMEOUT)
    expect(t.popup.close).toHaveBeenCalled()
    expect(t.socialWindow()).toBeUndefined()
  })

  it('closing the modal (pending requests rejected) stops watching the popup and closes it', async () => {
    const t = setup()
    const done = t.controller.start('google')
    await vi.waitFor(() => expect(t.navigations).toHaveLength(1))
    t.pending.rejectAll()
    await expect(done).resolves.toBeUndefined()
    expect(t.popup.close).toHaveBeenCalled()
    expect(t.auth.connectSocial).not.toHaveBeenCalled()
    expect(t.auth.connect).not.toHaveBeenCalled()
  })

  it('a blocked popup, or the redirect flow, navigates the page to the begin link with this page as the return URL, and finishes on return', async () => {
    for (const t of [setup({ popup: false }), setup({ flow: 'redirect' })]) {
      await t.controller.start('discord')
      expect(t.auth.getSocialRedirectUri).toHaveBeenCalledWith('discord', PAGE, expect.anything())
      expect(t.win.location.assign).toHaveBeenCalledWith(BEGIN)
      expect(t.session.get('@portico/social_pending')).toBe('discord')
      // Back through the frame server: the result is taken from the address, which is then cleaned.
      t.win.location.href = ANSWER
      await t.controller.resumeRedirect()
      expect(t.win.history.replaceState).toHaveBeenCalledWith(null, '', PAGE)
      expect(t.auth.connectSocial).toHaveBeenCalledWith(ANSWER, expect.anything())
      expect(t.storage.get('connectedSocial')).toBe('discord')
      expect(t.session.has('@portico/social_pending')).toBe(false)
    }
    expect(setup({ flow: 'redirect' }).win.open).not.toHaveBeenCalled()
  })

  it('a Telegram mini app reopened with result_uri finishes the login with that address, then takes result_uri out of the address bar', async () => {
    const href = `${PAGE}?tab=1&result_uri=${encodeURIComponent(ANSWER)}`
    const t = setup({ href })
    t.session.set('@portico/social_pending', 'github')
    await t.controller.resumeTelegram()
    expect(t.auth.connectSocial).toHaveBeenCalledWith(ANSWER, expect.objectContaining({ timeoutMs: 30_000 }))
    expect(t.win.history.replaceState).toHaveBeenCalledWith(null, '', 'http://127.0.0.1:5173/app?tab=1')
    expect(t.storage.get('connectedSocial')).toBe('github')
    expect(t.modal.setLoading.mock.calls).toEqual([[true], [false]])
  })

  it('a failed Telegram social connection logs an error and clears loading (no rejection)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const t = setup({
      href: `${PAGE}?result_uri=${encodeURIComponent(ANSWER)}`,
      auth: { connectSocial: async () => Promise.reject(new Error('This login was already used: start again')) },
    })
    t.session.set('@portico/social_pending', 'google')
    await expect(t.controller.resumeTelegram()).resolves.toBeUndefined()
    expect(error).toHaveBeenCalledWith('Portico: Telegram social login failed:', 'This login was already used: start again')
    expect(t.modal.setLoading).toHaveBeenLastCalledWith(false)
    expect(t.storage.get('connectedSocial')).toBeUndefined()
    expect(t.win.history.replaceState).toHaveBeenCalledWith(null, '', PAGE)
    error.mockRestore()
  })
})
