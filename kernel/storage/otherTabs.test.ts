// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StorageKeys } from './keys.ts'
import { watchOtherTabs } from './otherTabs.ts'
import { createMemoryBackend } from './storage.ts'

const KEY = StorageKeys.connectedConnectorIds.key
const stops: (() => void)[] = []

afterEach(() => {
  stops.splice(0).forEach((stop) => stop())
})

/** What the browser fires in this tab when another tab of the site writes `key`. */
function otherTabWrote(key: string, oldValue: string | null, newValue: string | null, storageArea: Storage = localStorage) {
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea }))
}

describe('watchOtherTabs', () => {
  it('reports the connector ids before and after another tab connected, then disconnected', () => {
    const onChange = vi.fn()
    stops.push(watchOtherTabs(localStorage, onChange))
    otherTabWrote(KEY, null, '{"eip155":"io.metamask"}')
    otherTabWrote(KEY, '{"eip155":"io.metamask"}', '{}')
    expect(onChange.mock.calls).toEqual([
      [{}, { eip155: 'io.metamask' }],
      [{ eip155: 'io.metamask' }, {}],
    ])
  })

  it('ignores other keys, unchanged ids, sessionStorage, and counts a value that fails the schema as none', () => {
    const onChange = vi.fn()
    stops.push(watchOtherTabs(localStorage, onChange))
    otherTabWrote(StorageKeys.connectionStatus.key, '"disconnected"', '"connected"')
    otherTabWrote(KEY, '{"eip155":"io.metamask"}', '{"eip155":"io.metamask"}')
    otherTabWrote(KEY, null, '{"eip155":"io.metamask"}', sessionStorage)
    expect(onChange).not.toHaveBeenCalled()
    otherTabWrote(KEY, '{"eip155":"io.metamask"}', '{"__proto__":{"polluted":1},"eip155":""}')
    expect(onChange.mock.calls).toEqual([[{ eip155: 'io.metamask' }, {}]])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('watches nothing when the kit keeps its state elsewhere than localStorage (memory, or a backend of its own)', () => {
    const onChange = vi.fn()
    stops.push(watchOtherTabs(createMemoryBackend(), onChange))
    otherTabWrote(KEY, null, '{"eip155":"io.metamask"}')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('after the unsubscribe, nothing is reported', () => {
    const onChange = vi.fn()
    watchOtherTabs(localStorage, onChange)()
    otherTabWrote(KEY, null, '{"eip155":"io.metamask"}')
    expect(onChange).not.toHaveBeenCalled()
  })
})
