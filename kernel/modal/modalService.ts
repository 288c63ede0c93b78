import type { EventBus } from '../bus/bus.ts'
import type { ChainStore } from '../chains/chainStore.ts'
import type { PorticoConfig } from '../config/schema.ts'
import { SHAKE_MS } from '../constants.ts'
import type { Environment } from '../env/environment.ts'
import type { Router } from '../router/router.ts'
import type { RouteEntry, ViewName } from '../router/views.ts'
import type { PendingRequests } from '../rpc/pendingRequests.ts'
import type { HookRunner } from '../plugins/hooks.ts'
import type { PluginHost } from '../plugins/pluginHost.ts'
import { createStore, type Store } from '../store/createStore.ts'

export interface ModalState {
  readonly open: boolean
  readonly loading: boolean
  /** True for SHAKE_MS after a refused action, for the shell's shake animation. */
  readonly shake: boolean
}

export interface OpenOptions {
  readonly view?: ViewName
  readonly data?: RouteEntry['data']
}

/**
 * 'embedded' (`enableEmbedded`): the modal is part of the page, mounted at once and not
 * closable; 'dialog': a dialog over the page. Derived once from the config.
 */
export type ModalMode = 'dialog' | 'embedded'

export interface ModalService {
  readonly store: Store<ModalState>
  readonly mode: ModalMode
  open(options?: OpenOptions): void
  close(): void
  /** Whether a plugin's close guard refuses closing now (e.g. a sign-in that is required). */
  isCloseDisabled(): boolean
  setLoading(loading: boolean): void
  shake(): void
}

export interface ModalDeps {
  config: PorticoConfig
  router: Router
  chains: ChainStore
  hooks: Pick<HookRunner, 'closeGuarded' | 'closed'>
  plugins: Pick<PluginHost, 'basicMode'>
  pending: PendingRequests
  environment: Environment
  bus: EventBus
  /** Namespaces with a chain adapter; none means the basic (WalletConnect-only) mode. */
  adapters(): readonly string[]
}

export function createModalService(deps: ModalDeps): ModalService {
  const store = createStore<ModalState>({ open: false, loading: false, shake: false })
  const mode: ModalMode = deps.config.enableEmbedded ? 'embedded' : 'dialog'
  let shakeTimer: ReturnType<typeof setTimeout> | undefined

  /**
   * The view the modal opens on: with no chain adapter and no address, the basic-mode
   * view a plugin offers (its mobile one on phones); else the view asked for; else
   * Account when connected, Connect when not.
   */
  const initialRoute = (options: OpenOptions): RouteEntry => {
    const address = deps.chains.activeAccount()?.address
    const basic = deps.plugins.basicMode()
    if (basic && deps.adapters().length === 0 && !address) {
      return { view: deps.environment.isMobile() ? basic.mobileView : basic.view }
    }
    if (options.view) return options.data ? { view: options.view, data: options.data } : { view: options.view }
    return { view: deps.chains.isConnected() ? 'Account' : 'Connect' }
  }

  const isCloseDisabled = () => deps.hooks.closeGuarded()

  const shake = () => {
    clearTimeout(shakeTimer)
    store.set({ shake: true })
    shakeTimer = setTimeout(() => store.set({ shake: false }), SHAKE_MS)
  }

  return {
    store,
    mode,
    open(options = {}) {
      const route = initialRoute(options)
      deps.router.reset(route.view, route.data)
      store.set({ open: true })
      deps.bus.emit({ type: 'MODAL_OPEN', properties: { connected: deps.chains.isConnected(), view: route.view } })
    },
    close() {
      if (isCloseDisabled()) return shake()
      const connected = deps.chains.isConnected()
      store.set({ open: false, loading: false })
      deps.hooks.closed()
      if (mode === 'embedded') deps.router.reset(connected ? 'Account' : 'Connect')
      if (!deps.pending.transactionPending) deps.pending.rejectAll()
      deps.bus.emit({ type: 'MODAL_CLOSE', properties: { connected } })
    },
    isCloseDisabled,
    setLoading: (loading) => store.set({ loading }),
    shake,
  }
}
