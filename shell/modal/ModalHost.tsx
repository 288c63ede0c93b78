import { useLayoutEffect, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import type { PorticoKit } from '../../kernel/index.ts'
import { type ModalHost as Host, TITLE_ID, modalHost } from '../../host/modalHost.ts'
import { PorticoContext } from '../provider/context.ts'
import { adoptStyles } from '../styles/adoptStyles.ts'
import { ModalFrame } from './ModalFrame.tsx'

const noTarget = () => null

/**
 * The modal's frame (header, alert, view, snack), portalled into what the
 * kit's host shows: the open dialog, or the embedded section. The host owns the
 * dialog itself; this only fills it. Shared by <PorticoProvider> and the vanilla
 * mount.
 */
export function ModalHost({ kit }: { readonly kit: PorticoKit }) {
  const host = modalHost(kit)
  const target = useSyncExternalStore(host.subscribe, host.target, noTarget)
  if (!target) return null
  adoptStyles(target.getRootNode() as ShadowRoot)
  return createPortal(
    <PorticoContext.Provider value={kit}>
      <Frame kit={kit} host={host} />
    </PorticoContext.Provider>,
    target,
  )
}

function Frame({ kit, host }: { readonly kit: PorticoKit; readonly host: Host }) {
  // Committed into the target: the host moves focus in and reports the modal shown.
  useLayoutEffect(() => host.rendered(), [host])
  return <ModalFrame kit={kit} titleId={TITLE_ID} closable={!kit.config.enableEmbedded} />
}
