import { EMPTY, Subject, catchError, defer, map, of, switchMap, timer } from 'rxjs'
import {
  type ChainNamespace,
  type ChainRecord,
  type ChainStore,
  type ConnectionService,
  type EventBus,
  type PorticoStorage,
  type Router,
  type SnackService,
  type Store,
  DEBOUNCE_MS,
  ErrorText,
  PorticoError,
  SnackText,
  createStore,
  isValidRegistrationName,
} from '../../kernel/index.ts'
import { transactionRefusal } from '../../kernel/errors/transaction.ts'
import { formatUnits } from '../../kernel/wallets/index.ts'
import { type SendCheck, SendRefusal, checkSend } from './form.ts'
import type { ParsedSendOptions } from './contract.ts'
import { isSmartAccount, toUsd } from './rules.ts'
import type { NamespaceSender, SendToken, SenderContext } from './sender.ts'
import { SENDERS } from './contract.ts'
import { INITIAL_SEND_STATE, type SendState } from './state.ts'
import { sendTokens, tokenKey } from './tokens.ts'

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

/** The send flow of one kit: its form state and every step, without any view. */
export function createSendController(deps: SendControllerDeps): SendController {
  const store = createStore<SendState>(INITIAL_SEND_STATE)
  const loadSender = deps.loadSender ?? (async (namespace, options) => SENDERS[namespace]?.(options))
  const loaded = new Map<ChainNamespace, Promise<NamespaceSender | undefined>>()
  // Each reset or new quote outdates the quotes still in flight.
  let generation = 0

  const active = (): ChainRecord | undefined => {
    const state = deps.chains.get()
    return state.chains[state.activeNamespace]
  }
  const tokens = () => sendTokens(active())

  const senderFor = (namespace: ChainNamespace) => {
    let sender = loaded.get(namespace)
    if (!sender) {
      sender = loadSender(namespace, deps.options)
      // A chunk that failed to download is tried again on the next open.
      sender.catch(() => loaded.delete(namespace))
      loaded.set(namespace, sender)
    }
    return sender
  }

  const contextOf = (record: ChainRecord | undefined): SenderContext | undefined => {
    const from = record?.accountState.address
    const network = record?.networkState.caipNetwork
    if (!record || !from || !network) return undefined
    return { request: deps.request, from, network, provider: () => deps.connection.getProvider(record.namespace) }
  }

  const requote = async () => {
    const mine = ++generation
    const record = active()
    const context = contextOf(record)
    const { sender, token, receiverAddress } = store.get()
    if (!context || !sender || !token) return
    const receiver = receiverAddress.trim()
    try {
      const quote = await sender.quote({ token, ...(sender.isValidReceiver(receiver) ? { receiver } : {}) }, context)
      if (mine !== generation) return
      const { decimals } = context.network.nativeCurrency
      const price = tokens().find((t) => !t.address)?.price ?? 0
      store.set({
        gasPrice: quote.gasPrice,
        fee: quote.fee,
        nativeBalance: quote.nativeBalance,
        gasPriceInUSD: quote.fee === undefined ? undefined : toUsd(quote.fee, decimals, price),
        networkBalanceInUSD: toUsd(quote.nativeBalance, decimals, price),
        quoteFailed: false,
      })
    } catch (error) {
      if (mine !== generation) return
      deps.logger.warn('[Portico] send: the network fee could not be read', error)
      store.set({ gasPrice: undefined, fee: undefined, gasPriceInUSD: undefined, quoteFailed: true })
    }
  }

  const check = (): SendCheck => {
    const { sender, token, sendTokenAmount, receiverAddress, nativeBalance, fee } = store.get()
    if (!sender) return { ok: false, message: SendRefusal.NO_TOKEN }
    const record = active()
    // The portfolio may have refreshed since the token was picked: check against its latest holding.
    const latest = token && tokens().find((t) => tokenKey(t) === tokenKey(token))
    return checkSend({
      token: latest ?? token,
      amount: sendTokenAmount,
      receiver: receiverAddress,
      sender,
      // Until the sender has read it, the account's own balance stands for it.
      nativeBalance: nativeBalance ?? tokens().find((t) => !t.address)?.balance ?? 0n,
      fee,
      smartAccount: isSmartAccount(record),
    })
  }

  /** A receiver typed as a name, to look up; undefined cancels the lookup waiting or in flight. */
  const typedNames = new Subject<{ text: string; name: string } | undefined>()
  const reset = () => {
    generation += 1
    typedNames.next(undefined)
    store.replace(INITIAL_SEND_STATE)
  }

  /**
   * A receiver typed as a registered name is looked up 500 ms after the last key (SPEC §9
   * debounce); once found, the address is the receiver and the name is kept to show.
   */
  const resolveReceiver = (text: string) => {
    const name = text.trim()
    const { sender } = store.get()
    const lookup = deps.resolveName && sender && !sender.isValidReceiver(name) && isValidRegistrationName(name)
    typedNames.next(lookup ? { text, name } : undefined)
  }
  const resolveName = deps.resolveName
  if (resolveName) {
    typedNames
      .pipe(
        switchMap((typed) =>
          typed
            ? timer(DEBOUNCE_MS).pipe(
                switchMap(() => defer(() => resolveName(typed.name))),
                map((address) => ({ typed, address, error: undefined })),
                // SPEC §8: 'Error resolving name', or the API's own reason.
                catchError((error: unknown) =>
                  of({ typed, address: undefined, error: error instanceof PorticoError ? error.shortMessage : ErrorText.ERROR_RESOLVING_NAME }),
                ),
              )
            : EMPTY,
        ),
      )
      .subscribe(({ typed, address, error }) => {
        if (store.get().receiverAddress !== typed.text) return
        if (error !== undefined) return store.set({ error })
        if (!address || !store.get().sender?.isValidReceiver(address)) return
        store.set({ receiverAddress: address, receiverProfileName: typed.name })
        void requote()
      })
  }

  /** After a send: the native balance and the token list are read again, past their 30 s caches. */
  const refreshBalances = (namespace: ChainNamespace) => {
    const failed = (error: unknown) => deps.logger.warn('[Portico] send: balance refresh failed', error)
    deps.storage.remove('nativeBalanceCache')
    deps.connection.syncBalance(namespace).catch(failed)
    deps.refreshTokens(true).catch(failed)
  }

  return {
    store,
    tokens,

    async open() {
      const record = active()
      if (!record) return
      // The token list comes from the portfolio (cached 30 s); it fills the select when it answers.
      deps.refreshTokens(false).catch((error: unknown) => deps.logger.warn('[Portico] send: token balances failed', error))
      const sender = await senderFor(record.namespace)
      // Switched to another namespace while its sender loaded: the open that follows the switch wins.
      if (active()?.namespace !== record.namespace) return
      const list = tokens()
      const current = store.get().token
      const token = (current && list.find((t) => tokenKey(t) === tokenKey(current))) ?? list[0]
      store.set({ sender, token })
      await requote()
    },

    selectToken(key) {
      const token = tokens().find((t) => tokenKey(t) === key)
      if (!token || (store.get().token && tokenKey(store.get().token!) === key)) return
      store.set({ token, error: undefined })
      void requote()
    },

    setAmount(text) {
      store.set({ sendTokenAmount: text, error: undefined })
    },

    setReceiver(text) {
      const { sender, receiverAddress } = store.get()
      store.set({ receiverAddress: text, receiverProfileName: undefined, error: undefined })
      resolveReceiver(text)
      // The fee depends on the receiver (a first transfer to an address costs more): read it again once it is one.
      if (sender && sender.isValidReceiver(text.trim()) && text.trim() !== receiverAddress.trim()) void requote()
    },

    useMax() {
      const { token, nativeBalance, fee } = store.get()
      if (!token) return
      const held = token.address ? token.balance : (nativeBalance ?? token.balance) - (fee ?? 0n)
      store.set({ sendTokenAmount: formatUnits(held > 0n ? held : 0n, token.decimals), error: undefined })
    },

    review() {
      const result = check()
      if (!result.ok) {
        store.set({ error: result.message })
        return false
      }
      store.set({ error: undefined })
      deps.router.push(deps.previewView)
      return true
    },

    async send() {
      if (store.get().sending) return
      store.set({ sending: true })
      // The fee and balances may have moved while the visitor read the review.
      await requote()
      const result = check()
      const record = active()
      const context = contextOf(record)
      const { sender } = store.get()
      if (!result.ok || !context || !sender || !record) {
        store.set({ sending: false, error: result.ok ? SendRefusal.INVALID_INPUT : result.message })
        deps.router.goBack()
        return
      }
      const { token, amount } = result.request
      try {
        const hash = await sender.send(result.request, context)
        deps.snack.showSuccess(SnackText.TRANSACTION_STARTED)
        deps.bus.emit({
          type: 'PLUGIN_EVENT',
          plugin: 'send',
          name: 'SEND_SUCCESS',
          properties: {
            namespace: record.namespace,
            caipNetworkId: context.network.caipNetworkId,
            hash,
            token: token.address ?? 'native',
            symbol: token.symbol,
            amount: formatUnits(amount, token.decimals),
          },
        })
        // Leave the form first, so its reset does not make it load a new fee on the way out.
        deps.router.reset('Account')
        reset()
        refreshBalances(record.namespace)
      } catch (error) {
        deps.logger.warn('[Portico] send failed', error)
        store.set({ sending: false })
        // A transaction the checks refused says why (SPEC §5); any other failure keeps the sender's text.
        deps.snack.showError(transactionRefusal(error)?.shortMessage ?? sender.failureText)
        deps.bus.emit({ type: 'PLUGIN_EVENT', plugin: 'send', name: 'SEND_ERROR', properties: { namespace: record.namespace } })
      }
    },

    reset,
  }
}
