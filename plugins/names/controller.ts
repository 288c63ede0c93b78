import { EMPTY, type Observable, Subject, catchError, defer, map, of, switchMap, timer } from 'rxjs'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import { type ChainStore, DEBOUNCE_MS, ErrorText, PorticoError, type Router, type Store, createStore, errorRegisteringName } from '../../kernel/index.ts'
import { NamesText, coinTypeOf, passesNameRule, registrationMessage } from './rules.ts'

export interface NameSuggestion {
  readonly name: string
  readonly registered: boolean
}

export interface NamesState {
  /** As typed. */
  readonly name: string
  /** From the API for the last name that passed the rule: the name itself first, then free alternatives. */
  readonly suggestions: readonly NameSuggestion[]
  /** Whether the typed name is taken, once the API answered for it. */
  readonly taken?: boolean
  readonly checking: boolean
  readonly registering: boolean
  /** The name just registered (the success view shows it). */
  readonly registered?: string
  /** The rule the name breaks, or a failed request's text (SPEC §8). */
  readonly error?: string
}

const INITIAL: NamesState = { name: '', suggestions: [], checking: false, registering: false }

export interface NamesControllerDeps {
  readonly api: Pick<BlockchainApi, 'suggestNames' | 'registerName'>
  readonly chains: Pick<ChainStore, 'get' | 'updateAccount'>
  /** `kit.request`: personal_sign goes to whichever wallet the account is connected through. */
  readonly request: (request: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  readonly router: Pick<Router, 'push' | 'goBack'>
  readonly successView: string
  readonly logger: Pick<Console, 'warn'>
  readonly now?: () => number
}

export interface NamesController {
  readonly store: Store<NamesState>
  /** The visitor typed: the rule is checked at once, suggestions are asked 500 ms after the last key. */
  setName(text: string): void
  /** SPEC §4 "Name registration": the success view, the signature, the registration, the profile name; back on failure. */
  register(): Promise<void>
  /** A fresh form (the view opened again, another account). */
  reset(): void
  dispose(): void
}

const hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
const SIGNATURE = /^0x(?:[0-9a-fA-F]{2})+$/

/** The register form of one kit, without any view. */
export function createNamesController(deps: NamesControllerDeps): NamesController {
  const store = createStore<NamesState>(INITIAL)
  const now = deps.now ?? Date.now
  /**
   * The name to look up and how long to wait first; undefined cancels. Each one outdates
   * the lookup before it, waiting or in flight, so only the last name's answer lands.
   */
  const lookups = new Subject<{ name: string; after: number } | undefined>()
  const suggest = (name: string): Observable<Partial<NamesState>> =>
    defer(() => deps.api.suggestNames(name)).pipe(
      map((suggestions) => {
        const own = suggestions.find((s) => s.name === name.toLowerCase())
        return { suggestions, taken: own?.registered, checking: false }
      }),
      catchError((error: unknown) => {
        deps.logger.warn('[Portico] names: suggestions failed', error)
        return of({ suggestions: [], checking: false, error: ErrorText.ERROR_FETCHING_NAME_SUGGESTIONS })
      }),
    )
  const answers = lookups
    .pipe(switchMap((ask) => (ask ? (ask.after > 0 ? timer(ask.after) : of(0)).pipe(switchMap(() => suggest(ask.name))) : EMPTY)))
    .subscribe((patch) => store.set(patch))

  const setName = (text: string) => {
    const name = text.trim()
    const passes = passesNameRule(name)
    // The rule is said only once something is typed; nothing is asked for a name that fails it.
    store.set({ name: text, suggestions: [], taken: undefined, checking: passes, error: passes || name === '' ? undefined : NamesText.RULE })
    lookups.next(passes ? { name, after: DEBOUNCE_MS } : undefined)
  }

  /** Back to the form with the text; the name is checked again, so the form shows whether it is taken now. */
  const fail = (name: string, message: string) => {
    store.set({ registering: false, error: message, checking: true })
    deps.router.goBack()
    lookups.next({ name, after: 0 })
  }

  return {
    store,
    setName,

    async register() {
      const name = store.get().name.trim()
      if (store.get().registering) return
      if (!passesNameRule(name)) {
        store.set({ error: NamesText.RULE })
        return
      }
      const state = deps.chains.get()
      const record = state.chains[state.activeNamespace]
      const address = record?.accountState.address
      const network = record?.networkState.caipNetwork
      if (record?.namespace !== 'eip155' || !address || !network) {
        store.set({ error: errorRegisteringName(name) })
        return
      }
      let coinType: number
      try {
        coinType = coinTypeOf(network.id)
      } catch (error) {
        // SPEC §5/§8: no ENS coin type for a chain id of 2^31 or more, 'Invalid chainId'.
        store.set({ error: error instanceof PorticoError ? error.shortMessage : String(error) })
        return
      }
      lookups.next(undefined)
      store.set({ registering: true, checking: false, error: undefined, registered: undefined })
      deps.router.push(deps.successView)
      try {
        const message = registrationMessage(name, now())
        const signature = await deps.request({ method: 'personal_sign', params: [hex(message), address] })
        if (typeof signature !== 'string' || !SIGNATURE.test(signature)) {
          throw new PorticoError(errorRegisteringName(name), { details: 'the wallet did not answer a signature' })
        }
        const registered = await deps.api.registerName({ coinType, address, signature, message })
        deps.chains.updateAccount('eip155', { profileName: registered.name })
        store.set({ registering: false, registered: registered.name, name: '', suggestions: [], taken: undefined })
      } catch (error) {
        deps.logger.warn('[Portico] names: registration failed', error)
        fail(name, errorRegisteringName(name))
      }
    },

    reset() {
      lookups.next(undefined)
      store.replace(INITIAL)
    },

    dispose() {
      answers.unsubscribe()
    },
  }
}
