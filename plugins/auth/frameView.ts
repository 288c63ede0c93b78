import type { ModalService, Router } from '../../kernel/index.ts'
import type { FrameSession } from './frameSession.ts'

export interface FrameViewDeps {
  readonly frame: Pick<FrameSession, 'hide'>
  readonly modal: ModalService
  readonly router: Router
}

/** Opens `view` (a view the frame shows over): pushed onto the stack the visitor is on, or in the modal opened for it. */
export function enterFrameView(deps: FrameViewDeps, view: string): void {
  if (deps.modal.store.get().open) deps.router.push(view)
  else deps.modal.open({ view })
}

/** Leaves `view`: the frame is hidden, and the view popped off the stack, or the modal opened for it closed. */
export function leaveFrameView(deps: FrameViewDeps, view: string): void {
  deps.frame.hide()
  if (!deps.modal.store.get().open || deps.router.current().view !== view) return
  if (deps.router.store.get().history.length > 1) deps.router.goBack()
  else deps.modal.close()
}
