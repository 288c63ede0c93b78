import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { mainnet } from '../chains/networks.ts'
import { createMemoryBackend } from '../storage/storage.ts'

const makeKit = (options: { themeMode?: 'light' | 'dark'; themeVariables?: Record<string, string> } = {}) =>
  createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false }, ...options },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: vi.fn(), error: vi.fn() },
      fetch: globalThis.fetch,
    },
  )

describe('theme (payload and defaults)', () => {
  it('the theme starts dark with no variables', () => {
    expect(makeKit().theme.get()).toEqual({ themeMode: 'dark', themeVariables: {} })
  })

  it('the configured mode and variables are the starting theme', () => {
    const kit = makeKit({ themeMode: 'light', themeVariables: { '--portico-accent': '#fff' } })
    expect(kit.theme.get()).toEqual({ themeMode: 'light', themeVariables: { '--portico-accent': '#fff' } })
  })

  it('setThemeMode switches light and dark live', () => {
    const kit = makeKit()
    const modes: string[] = []
    kit.theme.subscribe((t) => modes.push(t.themeMode))
    kit.setThemeMode('light')
    kit.setThemeMode('dark')
    expect(modes).toEqual(['light', 'dark'])
  })

  it('setThemeVariables merges into the existing variables', () => {
    const kit = makeKit({ themeVariables: { '--portico-accent': '#fff' } })
    kit.setThemeVariables({ '--portico-border-radius': '8px' })
    expect(kit.theme.get().themeVariables).toEqual({ '--portico-accent': '#fff', '--portico-border-radius': '8px' })
  })
})
