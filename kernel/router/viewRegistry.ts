import { PorticoError } from '../errors/base.ts'
import type { Disposer } from '../disposer.ts'
import type { ViewName } from './views.ts'

/** A renderable view. The kernel never looks inside `component`; the shell renders it. */
export interface ViewDefinition {
  readonly component: unknown
  /** The dialog's accessible name while this view shows, in English. */
  readonly title: string
  /** The title's message (a shell message catalogue and its key): the shell shows it in the kit's locale. */
  readonly titleMessage?: { readonly catalogue: object; readonly key: string }
}

export interface ViewRegistry {
  register(name: ViewName, definition: ViewDefinition): Disposer
  get(name: ViewName): ViewDefinition | undefined
  /** Returns the view, loading the plugin body that contributes it first if needed. */
  resolve(name: ViewName): Promise<ViewDefinition>
  /** Subscribes to registrations (the shell re-renders when a plugin view arrives). */
  subscribe(listener: () => void): () => void
}

/** `loadOwner` loads the body of the plugin that contributes `name`; false when none does. */
export function createViewRegistry(loadOwner: (name: ViewName) => Promise<boolean>): ViewRegistry {
  const views = new Map<ViewName, ViewDefinition>()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())

  const registry: ViewRegistry = {
    register(name, definition) {
      if (views.has(name)) throw new PorticoError(`View "${name}" is already registered`)
      views.set(name, definition)
      notify()
      return () => {
        if (views.get(name) === definition) {
          views.delete(name)
          notify()
        }
      }
    },
    get: (name) => views.get(name),
    async resolve(name) {
      const existing = views.get(name)
      if (existing) return existing
      const owned = await loadOwner(name)
      const loaded = views.get(name)
      if (loaded) return loaded
      throw new PorticoError(`View "${name}" is not available`, {
        details: owned ? 'its plugin loaded but did not register it' : 'no enabled plugin contributes it',
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return registry
}
