// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emailPlugin } from '../../entries/email.ts'
import { createPortico } from '../../entries/portico.ts'
import { Alerts, EmbeddedWalletErrorText, type PluginManifest, PorticoError, createMemoryBackend, mainnet, tryAgainAfter } from '../../kernel/index.ts'
import { IAuthService } from '../../plugins/auth/index.ts'
import { authOnFake, createAuthKit, happyFrame } from '../../plugins/auth/test/authKit.ts'
import type { FakeFrame } from '../../plugins/auth/test/fakeFrame.ts'
import { createEmailPlugin } from '../../plugins/email/index.ts'
import { eip155Plugin } from '../../plugins/namespaces/eip155/index.ts'
import { PorticoProvider } from '../../shell/provider/PorticoProvider.tsx'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const shadow = () => document.querySelector('portico-modal')!.shadowRoot!
const q = <E extends Element = HTMLElement>(selector: string) => shadow().querySelector<E & HTMLElement>(selector)
const formAlert = () => q('.email-form [role="alert"]')
const emailField = () => q<HTMLInputElement>('input[type="email"]')
const byText = (text: string | RegExp) =>
  [...shadow().querySelectorAll<HTMLElement>('p, span, button, div[role="alert"]')].find((el) =>
    typeof text === 'string' ? el.textContent === text : text.test(el.textContent ?? ''),
  )

/** The email plugin over the real auth plugin, whose frame is the fake. */
function emailOnFake(frame: FakeFrame): PluginManifest {
  return createEmailPlugin({ authPlugin: authOnFake(frame), auth: IAuthService })
}

async function openConnect(frame: FakeFrame = happyFrame(), features: Record<string, unknown> = {}) {
  const setup = createAuthKit({ frame, plugins: [emailOnFake(frame)], kit: { features: { analytics: false, ...features } } })
  render(<PorticoProvider kit={setup.kit} />)
  await setup.kit.restored
  act(() => setup.kit.open())
  return setup
}

async function typeEmail(email = 'ada@example.com') {
  await waitFor(() => expect(emailField()).not.toBeNull())
  act(() => {
    fireEvent.focus(emailField()!)
    fireEvent.change(emailField()!, { target: { value: email } })
  })
  await act(async () => {
    fireEvent.submit(emailField()!.form!)
  })
}

/** Lets promises and React settle without timers (for tests on fake timers). */
async function settle() {
  for (let i = 0; i < 30; i++) await act(async () => void (await Promise.resolve()))
}

async function typeEmailOnFakeTimers(email = 'ada@example.com') {
  act(() => void fireEvent.change(emailField()!, { target: { value: email } }))
  await act(async () => void fireEvent.submit(emailField()!.form!))
  await settle()
}

async function typeCode(code: string) {
  await waitFor(() => expect(q('input[autocomplete="one-time-code"]')).not.toBeNull())
  await act(async () => {
    fireEvent.change(q('input[autocomplete="one-time-code"]')!, { target: { value: code } })
  })
}

describe('which apps show the email field', () => {
  it('portico/email alone is enough: it brings the embedded wallet along', () => {
    const kit = createPortico(
      { projectId: 'p', networks: [mainnet], endpoints: { frame: 'http://127.0.0.1:8700' }, plugins: [eip155Plugin(), emailPlugin()] },
      { storage: createMemoryBackend() },
    )
    expect(kit.plugins.manifests.map((m) => m.id)).toEqual(['eip155', 'auth', 'email'])
    expect(kit.connectMethods().map((m) => m.id)).toEqual(['email', 'wallet'])
    kit.destroy()
  })

  it('without the plugin, with features.email off, or without endpoints.frame, there is no email section', () => {
    const quiet = { storage: createMemoryBackend() }
    const frame = { endpoints: { frame: 'http://127.0.0.1:8700' } }
    const cases = [
      createPortico({ projectId: 'p', networks: [mainnet], ...frame, plugins: [eip155Plugin()] }, quiet),
      createPortico({ projectId: 'p', networks: [mainnet], ...frame, plugins: [eip155Plugin(), emailPlugin()], features: { email: false } }, quiet),
      createPortico({ projectId: 'p', networks: [mainnet], plugins: [eip155Plugin(), emailPlugin()] }, quiet),
    ]
    for (const kit of cases) {
      expect(kit.connectMethods().map((m) => m.id)).toEqual(['wallet'])
      expect(kit.plugins.manifests.map((m) => m.id)).not.toContain('email')
      kit.destroy()
    }
  })

  it('with features.email off the Connect view renders no email field', async () => {
    await openConnect(happyFrame(), { email: false })
    await waitFor(() => expect(q('[data-testid="portico-connect"]')).not.toBeNull())
    expect(emailField()).toBeNull()
  })
})

describe('email login', () => {
  it('the Connect view shows the email field without loading the frame; focusing it loads the frame', async () => {
    const { frame } = await openConnect()
    await waitFor(() => expect(emailField()).not.toBeNull())
    expect(frame.loads).toBe(0)
    expect(frame.sent).toEqual([])
    act(() => void fireEvent.focus(emailField()!))
    await waitFor(() => expect(frame.loads).toBe(1))
  })

  it("a frame that fails to load shows 'Unable to load email login dependency' with the SOCIALS_TIMEOUT alert", async () => {
    const frame = happyFrame()
    frame.failLoad(new PorticoError(EmbeddedWalletErrorText.UNABLE_TO_LOAD))
    const { kit } = await openConnect(frame)
    await waitFor(() => expect(emailField()).not.toBeNull())
    act(() => void fireEvent.focus(emailField()!))
    await waitFor(() => expect(formAlert()?.textContent).toBe('Unable to load email login dependency'))
    expect(kit.alerts.store.get().current?.alert).toBe(Alerts.SOCIALS_TIMEOUT)
  })

  it("an address that is not an email (ada@example, no top-level domain) is refused with 'Enter a valid email address' and never sent", async () => {
    const { frame } = await openConnect()
    await typeEmail('ada@example')
    await waitFor(() => expect(formAlert()?.textContent).toBe('Enter a valid email address'))
    expect(frame.names()).not.toContain('CONNECT_EMAIL')
  })

  it('a new device: VERIFY_DEVICE waits with CONNECT_DEVICE, then the code; after it the login is stored, Authenticating... shows, and the kit connects', async () => {
    const frame = happyFrame()
    frame.on('CONNECT_EMAIL', () => ({ action: 'VERIFY_DEVICE' }))
    let approve!: () => void
    frame.on('CONNECT_DEVICE', () => new Promise((resolve) => (approve = () => resolve({}))))
    let finishUser!: () => void
    const { kit } = await openConnect(frame)
    kit.storage.set('frameLastEmailLoginTime', 1)
    await typeEmail()
    await waitFor(() => expect(kit.router.current()).toEqual({ view: 'EmailVerifyDevice', data: { email: 'ada@example.com' } }))
    expect(frame.held('CONNECT_EMAIL').payload).toEqual({ email: 'ada@example.com' })
    await waitFor(() => expect(byText(/approve this device/)).toBeDefined())
    await waitFor(() => frame.held('CONNECT_DEVICE'))
    expect(frame.held('CONNECT_DEVICE').options?.timeoutMs).toBe(30_000)
    await act(async () => approve())
    await waitFor(() => expect(kit.router.current().view).toBe('EmailVerifyOtp'))
    frame.on('GET_USER', ({ chainId }) => new Promise((resolve) => (finishUser = () => resolve(happyUser(chainId)))))
    await typeCode('123456')
    expect(frame.held('CONNECT_OTP').payload).toEqual({ otp: '123456' })
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, message: 'Authenticating...', variant: 'loading' }))
    expect(kit.storage.get('frameEmailLoginUsed')).toBe(true)
    expect(kit.storage.get('frameEmail')).toBe('ada@example.com')
    expect(kit.storage.get('frameLastEmailLoginTime')).toBeUndefined()
    await waitFor(() => frame.held('GET_USER'))
    await act(async () => finishUser())
    await waitFor(() => expect(kit.chains.isConnected()).toBe(true))
    expect(kit.chains.record('eip155')!.accountState.user).toEqual({ email: 'ada@example.com' })
    expect(kit.snack.store.get().open).toBe(false)
  })

  it('the host keeps the time a code went out (the last email login time), again on a resend, until the login succeeds', async () => {
    const frame = happyFrame()
    frame.on('CONNECT_EMAIL', () => ({ action: 'VERIFY_OTP' }))
    const { kit } = await openConnect(frame)
    const before = Date.now()
    await typeEmail()
    await waitFor(() => expect(kit.router.current().view).toBe('EmailVerifyOtp'))
    const first = kit.storage.get('frameLastEmailLoginTime')!
    expect(first).toBeGreaterThanOrEqual(before)
    expect(first).toBeLessThanOrEqual(Date.now())
    await new Promise((resolve) => setTimeout(resolve, 5))
    await act(async () => void fireEvent.click(byText('Resend code')!))
    await waitFor(() => expect(kit.storage.get('frameLastEmailLoginTime')).toBeGreaterThan(first))
    await typeCode('123456')
    await waitFor(() => expect(kit.chains.isConnected()).toBe(true))
    expect(kit.storage.get('frameLastEmailLoginTime')).toBeUndefined()
  })

  it('a wrong code is shown and the field cleared; the resend is answered with the cooldown text', async () => {
    const frame = happyFrame()
    frame.on('CONNECT_EMAIL', () => ({ action: 'VERIFY_OTP' }))
    const { kit } = await openConnect(frame)
    await typeEmail()
    await waitFor(() => expect(kit.router.current().view).toBe('EmailVerifyOtp'))
    frame.on('CONNECT_OTP', () => {
      throw new PorticoError('Invalid code')
    })
    await typeCode('000000')
    await waitFor(() => expect(formAlert()?.textContent).toBe('Invalid code'))
    expect(q<HTMLInputElement>('input[autocomplete="one-time-code"]')!.value).toBe('')
    frame.on('CONNECT_EMAIL', () => {
      throw new PorticoError(tryAgainAfter(27))
    })
    await act(async () => void fireEvent.click(byText('Resend code')!))
    await waitFor(() => expect(formAlert()?.textContent).toBe('Please try again after 27 seconds'))
    expect(kit.chains.isConnected()).toBe(false)
  })

  it('connect email times out after 30 s: the timeout callback runs (the view says so) and the request is aborted', async () => {
    const frame = happyFrame()
    const { kit } = await openConnect(frame)
    await waitFor(() => expect(emailField()).not.toBeNull())
    await act(async () => void fireEvent.focus(emailField()!))
    await waitFor(() => expect(frame.loads).toBe(1))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await typeEmailOnFakeTimers()
    const request = frame.held('CONNECT_EMAIL')
    expect(request.options?.timeoutMs).toBe(30_000)
    await act(async () => void vi.advanceTimersByTime(29_999))
    await settle()
    expect(formAlert()).toBeNull()
    await act(async () => void vi.advanceTimersByTime(1))
    await settle()
    expect(formAlert()?.textContent).toBe('The request took too long. Try again.')
    expect(kit.router.current().view).toBe('Connect')
  })

  it('the device wait times out after 30 s with a retry that waits again', async () => {
    const frame = happyFrame()
    frame.on('CONNECT_EMAIL', () => ({ action: 'VERIFY_DEVICE' }))
    const { kit } = await openConnect(frame)
    await waitFor(() => expect(emailField()).not.toBeNull())
    await act(async () => void fireEvent.focus(emailField()!))
    await waitFor(() => expect(frame.loads).toBe(1))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await typeEmailOnFakeTimers()
    expect(kit.router.current().view).toBe('EmailVerifyDevice')
    expect(frame.held('CONNECT_DEVICE').options?.timeoutMs).toBe(30_000)
    await act(async () => void vi.advanceTimersByTime(29_999))
    await settle()
    expect(byText('The device was not approved in time.')).toBeUndefined()
    await act(async () => void vi.advanceTimersByTime(1))
    await settle()
    vi.useRealTimers()
    expect(byText('The device was not approved in time.')).toBeDefined()
    await act(async () => void fireEvent.click(byText('Try again')!))
    await waitFor(() => expect(frame.names().filter((name) => name === 'CONNECT_DEVICE')).toHaveLength(2))
  })

  it('the code check times out after 30 s too', async () => {
    const frame = happyFrame()
    frame.on('CONNECT_EMAIL', () => ({ action: 'VERIFY_OTP' }))
    const { kit } = await openConnect(frame)
    await typeEmail()
    await waitFor(() => expect(kit.router.current().view).toBe('EmailVerifyOtp'))
    frame.on('CONNECT_OTP', () => new Promise(() => undefined))
    await waitFor(() => expect(q('input[autocomplete="one-time-code"]')).not.toBeNull())
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await act(async () => void fireEvent.change(q('input[autocomplete="one-time-code"]')!, { target: { value: '123456' } }))
    await settle()
    expect(frame.held('CONNECT_OTP').options?.timeoutMs).toBe(30_000)
    await act(async () => void vi.advanceTimersByTime(30_000))
    await settle()
    vi.useRealTimers()
    expect(formAlert()?.textContent).toBe('The code could not be checked in time. Try again.')
  })

  it('closing the modal aborts a pending email request', async () => {
    const frame = happyFrame()
    frame.on('CONNECT_EMAIL', () => ({ action: 'VERIFY_DEVICE' }))
    const { kit } = await openConnect(frame)
    await typeEmail()
    await waitFor(() => frame.held('CONNECT_DEVICE'))
    const aborted = vi.fn()
    frame.held('CONNECT_DEVICE').options!.signal!.addEventListener('abort', aborted)
    act(() => kit.close())
    expect(aborted).toHaveBeenCalled()
  })
})

/** Logged in by email as ada@example.com, on the Update email view with her address in the field. */
async function openUpdateEmail(frame: ReturnType<typeof happyFrame>) {
  const { kit } = await openConnect(frame)
  await kit.plugins.load('email')
  const auth = (await kit.container()).resolve<{ connect(): Promise<void> }>(IAuthService as never)
  await act(() => auth.connect())
  act(() => kit.open())
  await waitFor(() => expect(byText('Update email')).toBeDefined())
  act(() => void fireEvent.click(byText('Update email')!))
  await waitFor(() => expect(emailField()?.value).toBe('ada@example.com'))
  return kit
}

describe('update email', () => {
  it('from the Account view of an email login: current address code, then new address code; the account shows the new email', async () => {
    const frame = happyFrame()
    frame.on('UPDATE_EMAIL', () => ({ action: 'VERIFY_PRIMARY_OTP' }))
    frame.on('UPDATE_EMAIL_PRIMARY_OTP', () => ({ action: 'VERIFY_SECONDARY_OTP' }))
    frame.on('UPDATE_EMAIL_SECONDARY_OTP', () => ({ newEmail: 'grace@example.com' }))
    const kit = await openUpdateEmail(frame)
    act(() => void fireEvent.change(emailField()!, { target: { value: 'grace@example.com' } }))
    await act(async () => void fireEvent.submit(emailField()!.form!))
    expect(frame.held('UPDATE_EMAIL').payload).toEqual({ email: 'grace@example.com' })
    await waitFor(() => expect(kit.router.current().view).toBe('UpdateEmailPrimaryOtp'))
    await typeCode('111111')
    await waitFor(() => expect(kit.router.current().view).toBe('UpdateEmailSecondaryOtp'))
    await typeCode('222222')
    await waitFor(() => expect(kit.router.current().view).toBe('Account'))
    expect(frame.held('UPDATE_EMAIL_SECONDARY_OTP').payload).toEqual({ otp: '222222' })
    expect(kit.chains.record('eip155')!.accountState.user?.email).toBe('grace@example.com')
    expect(kit.storage.get('frameEmail')).toBe('grace@example.com')
  })

  it("a new address that is not an email is refused with 'Enter a valid email address' and never sent", async () => {
    const frame = happyFrame()
    await openUpdateEmail(frame)
    act(() => void fireEvent.change(emailField()!, { target: { value: 'grace@' } }))
    await act(async () => void fireEvent.submit(emailField()!.form!))
    await waitFor(() => expect(formAlert()?.textContent).toBe('Enter a valid email address'))
    expect(frame.names()).not.toContain('UPDATE_EMAIL')
  })

  it('a wallet connected otherwise has no Update email button', async () => {
    const { kit } = await openConnect()
    kit.chains.updateAccount('eip155', {
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      caipAddress: 'eip155:1:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      status: 'connected',
    })
    act(() => kit.open())
    await waitFor(() => expect(q('[data-testid="portico-account"]')).not.toBeNull())
    expect(byText('Update email')).toBeUndefined()
  })
})

function happyUser(chainId: string | number) {
  return {
    email: 'ada@example.com',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    chainId,
    accounts: [{ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', type: 'eoa' as const }],
    smartAccountDeployed: false,
    preferredAccountType: 'eoa' as const,
  }
}
