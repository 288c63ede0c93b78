import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'

/**
 * Keeps focus on the control that had it when `order` changes. React reorders
 * keyed children by moving DOM nodes, and a moved node loses focus (to `body`,
 * outside the dialog): e.g. the Connect view puts the wallet section first once
 * a wallet is announced, maybe while the visitor is in the email field.
 */
export function useKeepFocusOnReorder(container: RefObject<HTMLElement | null>, order: unknown): void {
  const lastFocused = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const root = container.current?.getRootNode()
    if (!root) return
    // The last element that took focus anywhere in the root; focus lost to a move fires no focusin.
    const onFocusIn = (event: Event) => {
      const target = event.composedPath()[0]
      lastFocused.current = target instanceof HTMLElement ? target : null
    }
    root.addEventListener('focusin', onFocusIn)
    return () => root.removeEventListener('focusin', onFocusIn)
  }, [container])

  useLayoutEffect(() => {
    const element = lastFocused.current
    const root = container.current?.getRootNode() as Document | ShadowRoot | undefined
    if (element && root && container.current?.contains(element) && root.activeElement !== element) element.focus()
  }, [container, order])
}
