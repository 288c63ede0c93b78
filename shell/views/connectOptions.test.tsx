// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type Connector, type KernelOptions, createKernel, createToken, definePlugin, mainnet, type PorticoOptions } from '../../kernel/index.ts'
import { createEmailPlugin } from '../../plugins/email/index.ts'
import type { EmailAuth } from '../../plugins/email/authPort.ts'
import { sectionPlugin } from '../test/contributingPlugins.tsx'
import { createTestKit, quietKernelOptions } from '../test/testKit.ts'
import { ConnectView } from './Connect.tsx'

afterEach(cleanup)

// SPEC §9's connect-view options: legalCheckbox (off by default), collapseWallets (off),
// emailShowWallets (on).

const TERMS = 'https://app.example/terms'
const PRIVACY = 'https://app.example/privacy'
const metaMask: Connector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }
const social = sectionPlugin('social', 20, 'Social login')

/** A kit over the runtime given, so two kits can share one storage (a later visit). */
function kitOn(runtime: KernelOptions, options: Partial<PorticoOptions> = {}) {
  const kit = createKernel({ projectId: 'p', networks: [mainnet], ...options, plugins: [social], features: { analytics: false, ...options.features } }, runtime)
  kit.connectors.add(metaMask)
  return kit
}

describe('legalCheckbox', () => {
  it('is off by default: no box, every control enabled', () => {
    const kit = createTestKit()
    expect(kit.config.features.legalCheckbox).toBe(false)
    kit.connectors.add(metaMask)
    render(<ConnectView kit={kit} data={undefined} />)
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect((screen.getByRole('button', { name: 'MetaMask' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('on without termsConditionsUrl or privacyPolicyUrl is a config error naming the flag', () => {
    expect(() => createTestKit({ features: { legalCheckbox: true } })).toThrow('features.legalCheckbox')
    expect(() => createTestKit({ features: { legalCheckbox: true }, termsConditionsUrl: 'javascript:alert(1)' })).toThrow('termsConditionsUrl')
  })

  it("every connect control, the plugins' sections' too, is disabled with its reason until the box is checked; the choice is remembered", async () => {
    const runtime = quietKernelOptions()
    const options = { features: { legalCheckbox: true }, termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY }
    const kit = kitOn(runtime, options)
    render(<ConnectView kit={kit} data={undefined} />)
    const box = screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy' }) as HTMLInputElement
    expect(box.checked).toBe(false)
    for (const name of ['Terms of Service', 'Privacy Policy']) {
      const link = screen.getByRole('link', { name })
      expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
        name === 'Privacy Policy' ? PRIVACY : TERMS,
        '_blank',
        'noopener noreferrer',
      ])
    }
    const wallet = screen.getByRole('button', { name: 'MetaMask' }) as HTMLButtonElement
    const section = (await screen.findByRole('button', { name: 'Continue with Social login' })) as HTMLButtonElement
    const group = screen.getByRole('group', { name: 'Ways to connect' })
    // A disabled fieldset: its controls are disabled (no click, no focus) and it says why.
    expect(wallet.matches(':disabled')).toBe(true)
    expect(section.matches(':disabled')).toBe(true)
    const reason = document.getElementById(group.getAttribute('aria-describedby')!)
    expect(reason?.textContent).toBe('Check the box above to agree before you connect.')
    expect(reason?.closest('[role="status"]')).not.toBeNull()

    act(() => void fireEvent.click(box))
    expect(wallet.matches(':disabled')).toBe(false)
    expect(section.matches(':disabled')).toBe(false)
    expect(group.hasAttribute('aria-describedby')).toBe(false)
    fireEvent.click(wallet)
    expect(kit.router.current().view).toBe('ConnectingExternal')

    // The next visit (same storage): already agreed.
    cleanup()
    render(<ConnectView kit={kitOn(runtime, options)} data={undefined} />)
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('button', { name: 'MetaMask' }) as HTMLButtonElement).matches(':disabled')).toBe(false)

    // New terms are asked for again.
    cleanup()
    render(<ConnectView kit={kitOn(runtime, { ...options, termsConditionsUrl: `${TERMS}-2027` })} data={undefined} />)
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false)
    expect((screen.getByRole('button', { name: 'MetaMask' }) as HTMLButtonElement).matches(':disabled')).toBe(true)
  })

  it('with only one document, the box names that one', () => {
    render(<ConnectView kit={kitOn(quietKernelOptions(), { features: { legalCheckbox: true }, privacyPolicyUrl: PRIVACY })} data={undefined} />)
    expect(screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Terms of Service' })).toBeNull()
  })

  it('is one sentence in each language, its links where that language puts them (ja and tr verb last, ar, de)', async () => {
    const options = { features: { legalCheckbox: true }, termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY }
    const sentences = {
      ja: ['利用規約およびプライバシーポリシーに同意します', '利用規約', 'プライバシーポリシー'],
      tr: ['Kullanım Koşullarını ve Gizlilik Politikasını kabul ediyorum', 'Kullanım Koşullarını', 'Gizlilik Politikasını'],
      ar: ['أوافق على شروط الخدمة وسياسة الخصوصية', 'شروط الخدمة', 'سياسة الخصوصية'],
      de: ['Ich akzeptiere die Nutzungsbedingungen und die Datenschutzerklärung', 'Nutzungsbedingungen', 'Datenschutzerklärung'],
    } as const
    for (const [locale, [sentence, terms, privacy]] of Object.entries(sentences)) {
      render(<ConnectView kit={kitOn(quietKernelOptions(), { ...options, locale: locale as 'ja' })} data={undefined} />)
      expect(await screen.findByRole('checkbox', { name: sentence }, { timeout: 10_000 })).toBeTruthy()
      const label = screen.getByTestId('legal-consent').querySelector('label')!
      // The links, in the sentence's order, each the text the translation put between its tags.
      expect([...label.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        [terms, TERMS],
        [privacy, PRIVACY],
      ])
      expect(label.textContent).toBe(sentence)
      cleanup()
    }
  })
})

describe('collapseWallets', () => {
  it('is off by default: the wallets are listed', () => {
    render(<ConnectView kit={kitOn(quietKernelOptions())} data={undefined} />)
    expect(screen.getByRole('button', { name: 'MetaMask' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
  })

  it('on: the wallet list is behind one "Continue with a wallet" button; pressing it lists them and focuses the first', () => {
    render(<ConnectView kit={kitOn(quietKernelOptions(), { features: { collapseWallets: true } })} data={undefined} />)
    expect(screen.queryByRole('button', { name: 'MetaMask' })).toBeNull()
    const more = screen.getByRole('button', { name: 'Continue with a wallet' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(more)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'MetaMask' }))
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
  })
})

describe("emailShowWallets (the email plugin's flag)", () => {
  const authLike = definePlugin({ id: 'auth', contributes: {}, load: async () => ({ activate: () => undefined }) })
  const email = () => createEmailPlugin({ authPlugin: authLike, auth: createToken<EmailAuth>('auth') })
  const kitWithEmail = (features: Record<string, unknown>) => {
    const kit = createKernel({ projectId: 'p', networks: [mainnet], plugins: [email()], features: { analytics: false, ...features } }, quietKernelOptions())
    kit.connectors.add(metaMask)
    return kit
  }

  it('on by default: the wallet list shows beside email', () => {
    const kit = kitWithEmail({})
    expect(kit.config.features['emailShowWallets']).toBe(true)
    render(<ConnectView kit={kit} data={undefined} />)
    expect(screen.getByRole('region', { name: 'Email' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'MetaMask' })).toBeTruthy()
  })

  it('off: the wallet list is behind "Continue with a wallet"', () => {
    render(<ConnectView kit={kitWithEmail({ emailShowWallets: false })} data={undefined} />)
    expect(screen.queryByRole('button', { name: 'MetaMask' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    expect(screen.getByRole('button', { name: 'MetaMask' })).toBeTruthy()
  })

  it('is validated like the other flags: a non-boolean is a config error naming it', () => {
    expect(() => kitWithEmail({ emailShowWallets: 'no' })).toThrow('emailShowWallets')
  })
})
