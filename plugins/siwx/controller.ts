import {
  type ChainNamespace,
  type ChainStore,
  type ConnectionService,
  type ModalService,
  type NewConnection,
  PorticoError,
  ErrorText,
  type RpcRegistry,
  type Router,
  type SnackService,
  type Store,
  createStore,
} from '../../kernel/index.ts'
import { signText } from './signature.ts'
import type { PreparedMessage, SignInSource, SiwxAccount } from './source.ts'

export const SIGN_VIEW = 'SIWXSignMessage'
/** Views the visitor cannot close out of while a required sign-in is pending (signing may go through the embedded wallet's approval). */
const GUARDED_VIEWS: readonly string[] = [SIGN_VIEW, 'ApproveTransaction']

export interface PendingAccount extends SiwxAccount {
  readonly namespace: ChainNamespace
}

export type SignInState =
  | { readonly step: 'idle' }
  | { readonly step: 'preparing'; readonly account: PendingAccount }
  | { readonly step: 'ready' | 'signing'; readonly account: PendingAccount; readonly message: PreparedMessage }

export interface SiwxController {
  readonly state: Store<{ current: SignInState }>
  /** The after-connect step: true when it took over the modal (a sign-in is asked for, or failed). */
  afterConnect(connection: NewConnection): Promise<boolean>
  /** Asks the connected account to sign in (the view opens). */
  start(account: PendingAccount): void
  sign(): Promise<void>
  cancel(): Promise<void>
  /** True while closing must be refused: a required sign-in is pending on its view or its approval. */
  closeGuarded(): boolean
  /** The pending sign-in is dropped (the modal closed, or its account disconnected). */
  drop(namespaces?: readonly ChainNamespace[]): void
  activeAccount(): PendingAccount
}

interface Deps {
  readonly source: SignInSource
  readonly chains: ChainStore
  readonly router: Router
  readonly modal: ModalService
  readonly snack: SnackService
  readonly rpc: Pick<RpcRegistry, 'request'>
  readonly connection: () => Promise<ConnectionService>
  readonly logger: Pick<Console, 'warn'>
}

const messageOf = (error: unknown) => (error instanceof PorticoError ? error.shortMessage : error instanceof Error ? error.message : String(error))

/**
 * The sign-in flow after a connection: the message is prepared while the view shows,
 * signed through the connection, kept by the app's store; cancel and failure follow
 * the rules (required: cancel disconnects; any failure disconnects; then Connect).
 */
export function createSiwxController(deps: Deps): SiwxController {
  const { source, router, modal } = deps
  const state = createStore<{ current: SignInState }>({ current: { step: 'idle' } })
  const current = () => state.get().current
  // Each sign-in has its own turn: the answer to an earlier one must not touch a later one.
  let turn = 0

  const show = () => (modal.store.get().open ? router.reset(SIGN_VIEW) : modal.open({ view: SIGN_VIEW }))

  const toConnect = () => router.reset('Connect')

  const disconnect = async (namespace: ChainNamespace) => {
    try {
      await (await deps.connection()).disconnect(namespace)
    } catch (error) {
      deps.logger.warn('[Portico] disconnecting after the sign-in failed', error)
    }
  }

  const fail = async (account: PendingAccount, error: unknown) => {
    state.set({ current: { step: 'idle' } })
    deps.snack.showError(messageOf(error))
    await disconnect(account.namespace)
    toConnect()
  }

  const start = (account: PendingAccount) => {
    const mine = ++turn
    state.set({ current: { step: 'preparing', account } })
    show()
    source.prepare(account).then(
      (message) => mine === turn && state.set({ current: { step: 'ready', account, message } }),
      (error: unknown) => mine === turn && void fail(account, error),
    )
  }

  return {
    state,
    start,
    async afterConnect({ namespace, address, network, supported }) {
      if (!supported || !source.supports(namespace)) return false
      const account: PendingAccount = { namespace, chainId: network.caipNetworkId, address }
      try {
        if (await source.hasSession(account)) return false
      } catch (error) {
        await fail(account, error)
        return true
      }
      start(account)
      return true
    },
    async sign() {
      const pending = current()
      if (pending.step !== 'ready') return
      const mine = ++turn
      const { account, message } = pending
      state.set({ current: { step: 'signing', account, message } })
      try {
        const signature = await signText(deps.rpc, account.namespace, account.address, message.text)
        await source.addSession({ data: message.data, message: message.text, signature })
      } catch (error) {
        if (mine === turn) await fail(account, error)
        return
      }
      if (mine !== turn) return
      state.set({ current: { step: 'idle' } })
      modal.close()
    },
    async cancel() {
      const pending = current()
      turn += 1
      state.set({ current: { step: 'idle' } })
      if (pending.step !== 'idle' && source.required()) await disconnect(pending.account.namespace)
      else modal.close()
      toConnect()
    },
    closeGuarded: () => source.required() && current().step !== 'idle' && GUARDED_VIEWS.includes(router.current().view),
    drop(namespaces) {
      const pending = current()
      if (pending.step === 'idle' || (namespaces && !namespaces.includes(pending.account.namespace))) return
      turn += 1
      state.set({ current: { step: 'idle' } })
    },
    activeAccount() {
      const namespace = deps.chains.get().activeNamespace
      const account = deps.chains.activeAccount()
      const network = deps.chains.get().activeCaipNetwork
      if (!account?.address || !network) throw new PorticoError(ErrorText.NO_ACTIVE_CAIP_ADDRESS)
      return { namespace, chainId: network.caipNetworkId, address: account.address }
    },
  }
}
