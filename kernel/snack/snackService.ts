import { SNACK_SWAP_DELAY_MS } from '../constants.ts'
import { createStore, type Store } from '../store/createStore.ts'

export type SnackVariant = 'loading' | 'success' | 'error'

export type SnackState =
  | { readonly open: false; readonly message?: string; readonly variant?: SnackVariant }
  | { readonly open: true; readonly message: string; readonly variant: SnackVariant }

/** How long a success or error snack stays before it hides itself (Portico's choice; loading stays). */
export const SNACK_AUTO_HIDE_MS = 2_500

export interface SnackService {
  readonly store: Store<SnackState>
  show(message: string, variant: SnackVariant): void
  showLoading(message: string): void
  showSuccess(message: string): void
  showError(message: string): void
  hide(): void
}

/**
 * A new message while one is open first hides the old one,
 * then shows the new one after 150 ms.
 */
export function createSnackService(): SnackService {
  const store = createStore<SnackState>({ open: false })
  let swapTimer: ReturnType<typeof setTimeout> | undefined
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  const display = (message: string, variant: SnackVariant) => {
    store.replace({ open: true, message, variant })
    if (variant !== 'loading') hideTimer = setTimeout(hide, SNACK_AUTO_HIDE_MS)
  }

  const hide = () => {
    clearTimeout(hideTimer)
    clearTimeout(swapTimer)
    const state = store.get()
    if (state.open) store.replace({ open: false, message: state.message, variant: state.variant })
  }

  const show = (message: string, variant: SnackVariant) => {
    const wasOpen = store.get().open
    hide()
    if (wasOpen) swapTimer = setTimeout(() => display(message, variant), SNACK_SWAP_DELAY_MS)
    else display(message, variant)
  }

  return {
    store,
    show,
    showLoading: (message) => show(message, 'loading'),
    showSuccess: (message) => show(message, 'success'),
    showError: (message) => show(message, 'error'),
    hide,
  }
}
