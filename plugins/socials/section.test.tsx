// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type FeatureOptions, createKernel, createMemoryBackend, createToken, definePlugin, mainnet } from '../../kernel/index.ts'
import type { PorticoViewProps } from '../../shell/ui/index.ts'
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
    render(<Section {...({} as PorticoViewProps)} />)
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual(['Continue with GitHub', 'Continue with Farcaster', 'Continue with Google'])

    fireEvent.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    expect(openFarcaster).toHaveBeenCalledTimes(1)
    expect(start).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    // Within the click's own task: nothing was awaited before the login started.
    expect(start).toHaveBeenCalledWith('github')
  })
})
