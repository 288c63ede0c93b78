import type { ChainNamespace } from '../chains/namespaces.ts'
import type { CaipNetwork } from '../chains/network.ts'
import type { RouteEntry } from '../router/views.ts'
import type { Disposer } from '../disposer.ts'

/** A connection just made through `connect` (not a resumed one). */
export interface NewConnection {
  readonly namespace: ChainNamespace
  readonly address: string
  readonly network: CaipNetwork
  /** Whether the wallet's network is one of the app's networks. */
  readonly supported: boolean
}

/** Resolves true when it took over the modal (it shows a view of its own). */
export type AfterConnectStep = (connection: NewConnection) => boolean | Promise<boolean>

/**
 * The kernel's extension hooks: rules a plugin adds to the kernel's own behaviour
 * while its body is active. They matter only once the plugin's views or state exist,
 * so the body registers them, and a plugin that never loads costs nothing.
 */
export interface KernelHooks {
  /** Refuses closing the modal while `guard()` is true (the dialog shakes instead). */
  addCloseGuard(guard: () => boolean): Disposer
  /** Runs after a view is popped by going back. */
  addBackRule(rule: (popped: RouteEntry) => void): Disposer
  /** Clears the plugin's state for the namespaces being disconnected. */
  addDisconnectCleanup(cleanup: (namespaces: readonly ChainNamespace[]) => void): Disposer
  /** Clears what the plugin showed when the modal closes. */
  addCloseCleanup(cleanup: () => void): Disposer
  /**
   * Runs after a new connection. A step that resolves true has taken over the modal
   * (it shows a view of its own), so the kernel neither closes it nor moves it on.
   * Plugins with the `onConnect` activation event are active by then.
   */
  addAfterConnect(step: AfterConnectStep): Disposer
}

/** The kernel's side: it asks the hooks at the points they name. */
export interface HookRunner {
  closeGuarded(): boolean
  popped(entry: RouteEntry): void
  disconnected(namespaces: readonly ChainNamespace[]): void
  closed(): void
  /** The after-connect steps; the connection actions run them (off the first screen). */
  afterConnectSteps(): Iterable<AfterConnectStep>
}

function list<T>() {
  const items = new Set<T>()
  const add = (item: T): Disposer => {
    items.add(item)
    return () => void items.delete(item)
  }
  return { items, add }
}

export function createKernelHooks(logger: Pick<Console, 'error'>): KernelHooks & HookRunner {
  const guards = list<() => boolean>()
  const backRules = list<(popped: RouteEntry) => void>()
  const disconnects = list<(namespaces: readonly ChainNamespace[]) => void>()
  const closes = list<() => void>()
  const afterConnects = list<AfterConnectStep>()
  // One plugin's failing clean-up must not keep the others (or the kernel's own) from running.
  const each = <A extends unknown[]>(fns: Set<(...args: A) => void>, ...args: A) => {
    for (const fn of fns) {
      try {
        fn(...args)
      } catch (error) {
        logger.error('[Portico] a plugin hook failed', error)
      }
    }
  }
  return {
    addCloseGuard: guards.add,
    addBackRule: backRules.add,
    addDisconnectCleanup: disconnects.add,
    addCloseCleanup: closes.add,
    addAfterConnect: afterConnects.add,
    closeGuarded: () => [...guards.items].some((guard) => guard()),
    popped: (entry) => each(backRules.items, entry),
    disconnected: (namespaces) => each(disconnects.items, namespaces),
    closed: () => each(closes.items),
    afterConnectSteps: () => afterConnects.items,
  }
}
