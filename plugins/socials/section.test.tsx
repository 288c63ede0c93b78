// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type FeatureOptions, createKernel, createMemoryBackend, createToken, definePlugin, mainnet } from '../../kernel/index.ts'
import type { SocialAuth } from './authPort.ts'
import type { SocialController } from './controller.ts'
import { createSocialsPlugin } from './index.ts'
import { createSocialLoginSection } from './views/SocialLoginSection.tsx'

// The social connect-method section: its presence follows features.socials, its buttons the
// configured order, and a click starts the login inside the click (the popup must open there).

afterEach(cleanup)

/** An embedded-wallet plugin with the auth plugin's id; its body is never loaded here. */
const authLike = definePlugin({
  id: 'auth',
  contributes: {},
  load: async () => ({ activate: () => undefined }),
})
const socials = createSocialsPlugin({ authPlugin: authLike, auth: createToken<SocialAuth>('auth') })

const kitWith = (features: FeatureOptions) =>
  createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false, ...features }, plugins: [socials] },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: vi.fn(), error: vi.fn() },
      fetch: () => Promise.reject(new Error('no requests')),
    },
  )
const connectMethods = (features: FeatureOptions) =>
  kitWith(features)
    .connectMethods()
    .map((method) => method.id)

describe('the social section', () => {
  it('is a Connect section by default and with a list of providers; absent when socials are off (false or an empty list)', () => {
    expect(connectMethods({})).toContain('social')
    expect(connectMethods({ socials: ['github'] })).toContain('social')
    expect(connectMethods({ socials: false })).not.toContain('social')
    expect(connectMethods({ socials: [] })).not.toContain('social')
  })

  it('lists google, x, discord, farcaster, github, apple and facebook, in that order, when the app names none', () => {
    expect(kitWith({}).config.features.socials).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(kitWith({ socials: ['github'] }).config.features.socials).toEqual(['github'])
  })

  it('shows one "Continue with …" per configured provider, in the configured order; a click starts that login at once, Farcaster opens its view', () => {
    const start = vi.fn(() => new Promise<void>(() => undefined))
    const openFarcaster = vi.fn()
    const Section = createSocialLoginSection({ start } as unknown as SocialController, () => ['github', 'farcaster', 'google'], openFarcaster)
    // The section reads neither the kit nor view data.
    render(<Section kit={kitWith({})} data={undefined} />)
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual(['Continue with GitHub', 'Continue with Farcaster', 'Continue with Google'])

    fireEvent.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    expect(openFarcaster).toHaveBeenCalledTimes(1)
    expect(start).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    // Within the click's own task: nothing was awaited before the login started.
    expect(start).toHaveBeenCalledWith('github')
  })

  it('two providers are two full rows', () => {
    const Section = createSocialLoginSection({ start: vi.fn() } as unknown as SocialController, () => ['google', 'github'], vi.fn())
    render(<Section kit={kitWith({})} data={undefined} />)
    expect(screen.getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-label')])).toEqual([
      ['Continue with Google', null],
      ['Continue with GitHub', null],
    ])
  })

  it('with more than two, the first is a full row and the rest icon buttons named "Continue with X"; past 4, three and a More button that shows the rest', () => {
    const start = vi.fn(() => new Promise<void>(() => undefined))
    const all = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
    const Section = createSocialLoginSection({ start } as unknown as SocialController, () => all, vi.fn())
    render(<Section kit={kitWith({})} data={undefined} />)
    const names = () => screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent)
    expect(screen.getByRole('button', { name: 'Continue with Google' }).textContent).toBe('Continue with Google')
    expect(names()).toEqual(['Continue with Google', 'Continue with X', 'Continue with Discord', 'Continue with Farcaster', 'More ways to continue'])
    const more = screen.getByRole('button', { name: 'More ways to continue' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(more)
    expect(names()).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with Discord',
      'Continue with Farcaster',
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook',
    ])
    // The More button went away under the visitor's focus: it moved to the first provider it showed.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue with GitHub' }))
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }))
    expect(start).toHaveBeenCalledWith('apple')
  })

  it('four providers: the first a full row and three icon buttons, no More', () => {
    const Section = createSocialLoginSection({ start: vi.fn() } as unknown as SocialController, () => ['google', 'x', 'github', 'apple'], vi.fn())
    render(<Section kit={kitWith({})} data={undefined} />)
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with GitHub',
      'Continue with Apple',
    ])
  })
})
