import { describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../errors/base.ts'
import { createViewRegistry } from './viewRegistry.ts'

describe('view registry (views are looked up by view name)', () => {
  it('a registered view is returned by get and resolve without loading anything', async () => {
    const loadOwner = vi.fn(async () => false)
    const views = createViewRegistry(loadOwner)
    views.register('Connect', { component: 'ConnectView', title: 'Connect wallet' })
    expect(views.get('Connect')).toEqual({ component: 'ConnectView', title: 'Connect wallet' })
    await expect(views.resolve('Connect')).resolves.toEqual({ component: 'ConnectView', title: 'Connect wallet' })
    expect(loadOwner).not.toHaveBeenCalled()
  })

  it('a view name cannot be registered twice', () => {
    const views = createViewRegistry(async () => false)
    views.register('Connect', { component: 'a', title: 'a' })
    expect(() => views.register('Connect', { component: 'b', title: 'b' })).toThrow(PorticoError)
    expect(views.get('Connect')?.component).toBe('a')
  })

  it('the disposer removes the view and notifies subscribers', () => {
    const views = createViewRegistry(async () => false)
    const listener = vi.fn()
    views.subscribe(listener)
    const dispose = views.register('Receive', { component: 'r', title: 'Receive' })
    expect(listener).toHaveBeenCalledTimes(1)
    dispose()
    expect(views.get('Receive')).toBeUndefined()
    expect(listener).toHaveBeenCalledTimes(2)
    dispose()
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('a stale disposer does not remove a later registration of the same name', () => {
    const views = createViewRegistry(async () => false)
    const first = views.register('Receive', { component: 'old', title: 'Receive' })
    first()
    views.register('Receive', { component: 'new', title: 'Receive' })
    first()
    expect(views.get('Receive')?.component).toBe('new')
  })

  it('resolve rejects when the owning plugin loaded but did not register the view', async () => {
    const views = createViewRegistry(async () => true)
    await expect(views.resolve('Swap')).rejects.toThrow('View "Swap" is not available')
  })

  it('unsubscribed listeners are not called', () => {
    const views = createViewRegistry(async () => false)
    const listener = vi.fn()
    const unsubscribe = views.subscribe(listener)
    unsubscribe()
    views.register('X', { component: 'x', title: 'X' })
    expect(listener).not.toHaveBeenCalled()
  })
})
