import { createElement, useEffect, useLayoutEffect, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import type { PorticoKit } from '../../kernel/index.ts'
import { PorticoContext } from '../provider/context.ts'
import { applyTheme } from '../styles/applyTheme.ts'
import { HOST_TAG, createHostElement, defineHostElement, openShadowRoot } from './hostElement.ts'
import { Modal } from './Modal.tsx'

export interface ModalHostProps {
  readonly kit: PorticoKit
  /**
   * A host element to render into (the vanilla mount passes one). Without it
   * the host is appended to `body`, or, with `disableAppend` or
   * `enableEmbedded`, rendered in place in the React tree.
   */
  readonly host?: HTMLElement
}

/**
 * The `<portico-modal>` host with an open shadow root, and the modal portalled
 * into it so the page's CSS cannot reach it. Shared by <PorticoProvider> and
 * the vanilla lazy mount.
 */
export function ModalHost({ kit, host }: ModalHostProps) {
  const inPlace = kit.config.disableAppend || kit.config.enableEmbedded
  const [inline, setInline] = useState<HTMLElement | null>(null)
  const appended = useAppendedHost(!host && !inPlace)
  const target = host ?? (inPlace ? inline : appended)
  const root = useMemo(() => (target ? openShadowRoot(target) : null), [target])
  useTheme(kit, target)

  if (inPlace && !host) defineHostElement()
  return (
    <>
      {inPlace && !host && createElement(HOST_TAG, { ref: setInline })}
      {root && createPortal(<PorticoContext value={kit}><Modal kit={kit} /></PorticoContext>, root)}
    </>
  )
}

/** A host element appended to `body` while mounted; created in an effect so server rendering never touches the DOM. */
function useAppendedHost(enabled: boolean): HTMLElement | null {
  const [element, setElement] = useState<HTMLElement | null>(null)
  useEffect(() => {
    if (!enabled) return
    const created = createHostElement()
    document.body.append(created)
    setElement(created)
    return () => {
      created.remove()
      setElement(null)
    }
  }, [enabled])
  return element
}

/** Applies the kit's theme to the host and follows `kit.theme` live. */
function useTheme(kit: PorticoKit, host: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!host) return
    let applied = applyTheme(host, kit.theme.get())
    return kit.theme.subscribe((theme) => {
      applied = applyTheme(host, theme, applied)
    })
  }, [kit, host])
}
