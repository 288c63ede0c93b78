import { type PorticoEvent, type PorticoKit, type Store, createStore } from '../../kernel/index.ts'

export interface LatestEvent {
  readonly event: PorticoEvent
  /** Epoch ms at which `event` was emitted. */
  readonly timestamp: number
}

const recorders = new WeakMap<PorticoKit, Store<{ latest?: LatestEvent }>>()

/**
 * The kit's last event as a store, started once per kit: the bus has no
 * current value to read, and a hook mounted late should still see the last event.
 */
export function latestEvent(kit: PorticoKit): Store<{ latest?: LatestEvent }> {
  let store = recorders.get(kit)
  if (!store) {
    const created = createStore<{ latest?: LatestEvent }>({})
    kit.subscribeEvents((event) => created.set({ latest: { event, timestamp: Date.now() } }))
    recorders.set(kit, created)
    store = created
  }
  return store
}
