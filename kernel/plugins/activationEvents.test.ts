import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { mainnet } from '../chains/networks.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { definePlugin } from './manifest.ts'

const environment = { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false }
const kitWith = (activationEvents: ('onModalOpen' | 'onStartup')[], load = vi.fn(async () => ({ activate: () => {} }))) => {
  const plugin = definePlugin({ id: 'watcher', activationEvents, contributes: {}, load })
  const kit = createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false }, plugins: [plugin] },
    { storage: createMemoryBackend(), environment, logger: { warn: vi.fn(), error: vi.fn() } },
  )
  return { kit, load }
}

describe('plugin activation events (declare up front, load on first use)', () => {
  it('an onModalOpen plugin loads when the modal first opens, not before, and only once', async () => {
    const { kit, load } = kitWith(['onModalOpen'])
    await Promise.resolve()
    expect(load).not.toHaveBeenCalled()
    kit.open()
    kit.close()
    kit.open()
    await vi.waitFor(() => expect(kit.plugins.status.get()['watcher']?.state).toBe('active'))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('an onModalOpen plugin waits for the renderer to show the modal (MODAL_SHOWN), so the dialog loads first', async () => {
    vi.useFakeTimers()
    try {
      const { kit, load } = kitWith(['onModalOpen'])
      kit.open()
      await vi.advanceTimersByTimeAsync(249)
      expect(load).not.toHaveBeenCalled()
      kit.bus.emit({ type: 'MODAL_SHOWN' })
      expect(load).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('without a MODAL_SHOWN (a renderer that does not say), it loads 250 ms after the open, not before', async () => {
    vi.useFakeTimers()
    try {
      const { kit, load } = kitWith(['onModalOpen'])
      kit.open()
      await vi.advanceTimersByTimeAsync(249)
      expect(load).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)
      expect(load).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('an onStartup plugin loads right after the kit is created', async () => {
    const { kit, load } = kitWith(['onStartup'])
    await vi.waitFor(() => expect(kit.plugins.status.get()['watcher']?.state).toBe('active'))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('a plugin without activation events stays unloaded when the modal opens', async () => {
    const { kit, load } = kitWith([])
    kit.open()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(load).not.toHaveBeenCalled()
  })

  it('a failing onModalOpen load does not break opening the modal', async () => {
    const { kit } = kitWith(
      ['onModalOpen'],
      vi.fn(async () => Promise.reject(new Error('offline'))),
    )
    kit.open()
    expect(kit.modal.store.get().open).toBe(true)
    await vi.waitFor(() => expect(kit.plugins.status.get()['watcher']?.state).toBe('failed'))
  })
})
