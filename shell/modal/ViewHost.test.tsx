// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type PluginBody, definePlugin } from '../../kernel/index.ts'
import { createTestKit } from '../test/testKit.ts'
import { Text } from '../ui/Text.tsx'
import type { PorticoViewProps } from '../ui/PorticoView.ts'
import { ViewHost } from './ViewHost.tsx'

afterEach(cleanup)

function GreetingView({ data }: PorticoViewProps) {
  return <Text>Hello {String(data?.['name'])}</Text>
}

/** A plugin whose body arrives when the test says so, and fails the first `failures` times. */
function deferredPlugin(failures = 0) {
  const releases: (() => void)[] = []
  let calls = 0
  const plugin = definePlugin({
    id: 'greeting',
    contributes: { views: ['Greeting'] },
    load: () => {
      calls += 1
      const fail = calls <= failures
      return new Promise<PluginBody>((resolve, reject) => {
        releases.push(() =>
          fail ? reject(new Error('chunk failed to download')) : resolve({ activate: ({ views }) => views.register('Greeting', { component: GreetingView, title: 'Greeting' }) }),
        )
      })
    },
  })
  return { plugin, release: () => releases.shift()?.() }
}

describe('ViewHost', () => {
  it('shows a busy status while a plugin view loads, then the view with its route data (plugin body loads on first use)', async () => {
    const { plugin, release } = deferredPlugin()
    const kit = createTestKit({}, [plugin])
    kit.router.reset('Greeting', { name: 'Ada' })
    render(<ViewHost kit={kit} />)
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-busy')).toBe('true')
    await act(async () => release())
    expect(await screen.findByText('Hello Ada')).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('a failed load offers Retry, which retries the plugin and shows the view (failure is an error, never a crash)', async () => {
    const { plugin, release } = deferredPlugin(1)
    const kit = createTestKit({}, [plugin])
    kit.router.reset('Greeting', { name: 'Grace' })
    render(<ViewHost kit={kit} />)
    await act(async () => release())
    const error = await screen.findByTestId('portico-view-error')
    expect(within(error).getByText('chunk failed to download')).toBeTruthy()
    expect(kit.plugins.status.get()['greeting']).toMatchObject({ state: 'failed' })

    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }))
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true')
    await waitFor(() => expect(kit.plugins.status.get()['greeting']).toEqual({ state: 'loading' }))
    await act(async () => release())
    expect(await screen.findByText('Hello Grace')).toBeTruthy()
  })

  it('a view nobody provides is logged and the modal goes to its default view, Connect or Account', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const kit = createTestKit()
    kit.views.register('Connect', { component: () => <p>Connect view</p>, title: 'Connect' })
    kit.router.reset('Swap')
    render(<ViewHost kit={kit} />)
    expect(screen.getByText('Connect view')).toBeTruthy()
    expect(kit.router.store.get().history).toEqual([{ view: 'Connect' }])
    expect(error).toHaveBeenCalledWith('[Portico] no view "Swap": neither the shell nor an enabled plugin provides it')
    expect(screen.queryByRole('alert')).toBeNull()
    error.mockRestore()
  })
})
