import type { ChainNamespace, ChainStore, ConnectionService, EventBus, PorticoStorage, Router, SnackService, Store } from '../../kernel/index.ts'
import { open } from './actions/open.ts'
import { review } from './actions/review.ts'
import { selectToken } from './actions/selectToken.ts'
import { send } from './actions/send.ts'
import { setAmount } from './actions/setAmount.ts'
import { setReceiver } from './actions/setReceiver.ts'
import { useMax } from './actions/useMax.ts'
import type { ParsedSendOptions } from './contract.ts'
import { createSendFlow } from './flow.ts'
import { createReceiverLookup } from './receiverLookup.ts'
import type { NamespaceSender, SendToken, SenderContext } from './sender.ts'
import type { SendState } from './state.ts'

export interface SendControllerDeps {
  readonly chains: ChainStore
  readonly router: Pick<Router, 'push' | 'reset' | 'goBack'>
  readonly snack: Pick<SnackService, 'showSuccess' | 'showError'>
  readonly bus: Pick<EventBus, 'emit'>
  /** `kit.request`. */
  readonly request: SenderContext['request']
  readonly connection: Pick<ConnectionService, 'getProvider' | 'syncBalance'>
  readonly storage: Pick<PorticoStorage, 'remove'>
  /** Fills the account's `tokenBalance` (services/blockchainApi/portfolio.ts); `force` skips its cache. */
  readonly refreshTokens: (force: boolean) => Promise<unknown>
  readonly options: ParsedSendOptions
  readonly logger: Pick<Console, 'warn'>
  /** The review view, pushed over the form when the send passes every rule. */
  readonly previewView: string
  /**
   * The address a registered name points at on the active network (the Blockchain API's
   * lookupName), undefined when none; without it the receiver must be an address.
   */
  readonly resolveName?: (name: string) => Promise<string | undefined>
  /** Loads a namespace's sender; undefined where Send does not work. Defaults to `SENDERS`. */
  readonly loadSender?: (namespace: ChainNamespace, options: ParsedSendOptions) => Promise<NamespaceSender | undefined>
}

export interface SendController {
  readonly store: Store<SendState>
  /** The tokens the active account can send on its network, native first. */
  tokens(): readonly SendToken[]
  /** The form is shown: loads the namespace's sender, picks a token, reads the fee. */
  open(): Promise<void>
  selectToken(key: string): void
  setAmount(text: string): void
  setReceiver(text: string): void
  /** The whole holding; for the native currency, less the fee. */
  useMax(): void
  /** Checks every rule; on success shows the review, else keeps the refusal in `error`. */
  review(): boolean
  /** Sends the reviewed transfer through the wallet (SPEC §4 Send). */
  send(): Promise<void>
  /** Back to an empty form (a network switch, another account, a started send). */
  reset(): void
}

/** The send flow of one kit: one store, and each step an action of its own (`actions/`), without any view. */
export function createSendController(deps: SendControllerDeps): SendController {
  const flow = createSendFlow(deps)
  const lookup = createReceiverLookup(flow)
  const reset = () => {
    lookup.cancel()
    flow.reset()
  }
  return {
    store: flow.store,
    tokens: flow.tokens,
    open: () => open(flow),
    selectToken: (key) => selectToken(flow, key),
    setAmount: (text) => setAmount(flow, text),
    setReceiver: (text) => setReceiver(flow, lookup, text),
    useMax: () => useMax(flow),
    review: () => review(flow),
    send: () => send(flow, reset),
    reset,
  }
}
