import { startTransition, useLayoutEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import type { PorticoKit } from '../../kernel/index.ts'
import { type ModalHost as Host, TITLE_ID, modalHost } from '../../host/modalHost.ts'
import { PorticoContext } from '../provider/context.ts'
import { adoptStyles } from '../styles/adoptStyles.ts'
import { registerCoreViews } from '../views/registerCoreViews.ts'
import { loopFocus, tabbables } from './focusLoop.ts'
import { ModalFrame } from './ModalFrame.tsx'
import { dragSheetToClose } from './sheetDrag.ts'

/**
 * The modal's frame (header, alert, view, snack), portalled into what the
 * kit's host shows: the open dialog, or the embedded section. The host owns the
 * dialog itself; this fills it. Shared by <PorticoProvider> and the vanilla mount.
 */
export function ModalHost({ kit }: { readonly kit: PorticoKit }) {
  const host = modalHost(kit)
  const [target, setTarget] = useState<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const follow = () => {
      const next = host.target()
      if (next) registerCoreViews(kit)
      // The frame mounts in a transition: rendered in slices after the opening click's
      // task, so the browser paints the host's dialog first instead of waiting for
      // the view's first render. Closing empties it at once.
      if (next) startTransition(() => setTarget(next))
      else setTarget(null)
    }
    follow()
    return host.subscribe(follow)
  }, [kit, host])
  if (!target) return null
  adoptStyles(target.getRootNode() as ShadowRoot, kit.plugins.styles())
  return createPortal(
    <PorticoContext.Provider value={kit}>
      <Frame kit={kit} host={host} target={target} />
    </PorticoContext.Provider>,
    target,
  )
}

interface FrameProps {
  readonly kit: PorticoKit
  readonly host: Host
  readonly target: HTMLElement
}

function Frame({ kit, host, target }: FrameProps) {
  useLayoutEffect(() => {
    if (!(target instanceof HTMLDialogElement)) return host.rendered()
    // showModal() on a dialog whose view was not there yet (its code still on the way, or
    // rendered ahead of time and shown a frame later) focused the dialog itself; move on to
    // the first control, as showModal() would have with the view in place.
    const focusFirst = () => {
      const active = (target.getRootNode() as ShadowRoot).activeElement
      if (target.open && (!active || active === target)) (target.querySelector<HTMLElement>('[autofocus]') ?? tabbables(target)[0])?.focus()
    }
    focusFirst()
    target.addEventListener('keydown', loopFocus)
    const stopDrag = dragSheetToClose(target, { close: () => kit.close(), closable: () => !kit.modal.isCloseDisabled() })
    host.rendered()
    const unsubscribe = host.subscribe(focusFirst)
    return () => {
      unsubscribe()
      stopDrag()
      target.removeEventListener('keydown', loopFocus)
    }
  }, [kit, host, target])
  return <ModalFrame kit={kit} titleId={TITLE_ID} closable={kit.modal.mode !== 'embedded'} />
}
