import { EMPTY, Subject, catchError, defer, map, of, switchMap, timer } from 'rxjs'
import { DEBOUNCE_MS, ErrorText, PorticoError, isValidRegistrationName } from '../../kernel/index.ts'
import type { SendFlow } from './flow.ts'

/** The receiver field's name lookup. */
export interface ReceiverLookup {
  /** Looks the typed text up when it is a name; otherwise cancels the lookup waiting or in flight. */
  typed(text: string): void
  cancel(): void
}

/**
 * A receiver typed as a registered name is looked up 500 ms after the last key (SPEC §9
 * debounce); once found, the address is the receiver and the name is kept to show.
 */
export function createReceiverLookup({ deps, store, requote }: SendFlow): ReceiverLookup {
  const typedNames = new Subject<{ text: string; name: string } | undefined>()
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
                catchError((error: unknown) => of({ typed, address: undefined, error: error instanceof PorticoError ? error.shortMessage : ErrorText.ERROR_RESOLVING_NAME })),
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
  return {
    typed(text) {
      const name = text.trim()
      const { sender } = store.get()
      const lookup = resolveName && sender && !sender.isValidReceiver(name) && isValidRegistrationName(name)
      typedNames.next(lookup ? { text, name } : undefined)
    },
    cancel: () => typedNames.next(undefined),
  }
}
