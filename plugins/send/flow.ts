import { type ChainNamespace, type ChainRecord, type Store, createStore } from '../../kernel/index.ts'
import type { SendControllerDeps } from './controller.ts'
import { type SendCheck, checkSend } from './form.ts'
import { SendRefusal } from './form.ts'
import { isSmartAccount, toUsd } from './rules.ts'
import type { NamespaceSender, SendToken, SenderContext } from './sender.ts'
import { SENDERS } from './contract.ts'
import { INITIAL_SEND_STATE, type SendState } from './state.ts'
import { sendTokens, tokenKey } from './tokens.ts'

/** The one store of the send form and what every action reads of the kit through it. */
export interface SendFlow {
  readonly deps: SendControllerDeps
  readonly store: Store<SendState>
  /** The active namespace's record. */
  active(): ChainRecord | undefined
  /** The tokens the active account can send on its network, native first. */
  tokens(): readonly SendToken[]
  /** The namespace's sender, downloaded once (again after a failed download). */
  senderFor(namespace: ChainNamespace): Promise<NamespaceSender | undefined>
  contextOf(record: ChainRecord | undefined): SenderContext | undefined
  /** Reads the fee and native balance again; outdates the quote in flight. */
  requote(): Promise<void>
  /** Every rule of the form, against the latest holding. */
  check(): SendCheck
  /** Back to an empty form; outdates the quote in flight. */
  reset(): void
}

export function createSendFlow(deps: SendControllerDeps): SendFlow {
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

  return {
    deps,
    store,
    active,
    tokens,
    senderFor,
    contextOf,
    requote,
    check,
    reset() {
      generation += 1
      store.replace(INITIAL_SEND_STATE)
    },
  }
}
