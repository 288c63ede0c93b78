import { APPROVAL_TITLES, ApprovalText } from './approvalText.ts'
import type { ApprovalRow } from './signing.ts'
import { watchVisibility } from './visibilityGuard.ts'

/** What the panel asks about. */
export interface ApprovalRequest {
  method: string
  rows: ApprovalRow[]
  /** The name the host page gives itself (SYNC_DAPP_DATA): shown only as secondary, unverified text. */
  site?: string
  /** The host's origin as the browser reported it on the channel; by default the parent's origin from `location.ancestorOrigins`. */
  origin?: string
  /** Shown first, each as an alert. */
  warnings?: readonly string[]
}

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const created = doc.createElement(tag)
  if (text !== undefined) created.textContent = text
  if (className) created.className = className
  return created
}

/** The rows as a description list; a row with fields nests its own list in its value. */
function detailsList(doc: Document, rows: readonly ApprovalRow[]): HTMLDListElement {
  const list = element(doc, 'dl', undefined, 'details')
  for (const row of rows) {
    const value = element(doc, 'dd', row.value)
    if (row.rows?.length) value.append(detailsList(doc, row.rows))
    list.append(element(doc, 'dt', row.label), value)
  }
  return list
}

/** The parent's origin as the browser knows it (Chromium and Safari say it; Firefox does not). */
const parentOrigin = (doc: Document): string | undefined => doc.defaultView?.location.ancestorOrigins?.[0]

/**
 * Shows what is asked, in this frame's own document (the host page's script cannot
 * reach it), and resolves true on Approve, false on Reject or Escape. Everything is
 * text content: a message cannot inject markup. The asking site is the origin the
 * browser vouches for, never the host's own words. Reject has the focus first, so a
 * stray Enter declines; Approve stays disabled while the panel is covered, partly out
 * of view or hidden (visibilityGuard.ts), and says why.
 */
export function askApproval(doc: Document, request: ApprovalRequest): Promise<boolean> {
  const panel = element(doc, 'main', undefined, 'approval')
  const title = element(doc, 'h1', APPROVAL_TITLES[request.method] ?? ApprovalText.DEFAULT_TITLE)
  title.id = 'approval-title'
  panel.setAttribute('aria-labelledby', 'approval-title')
  const asker = element(doc, 'p', undefined, 'asker')
  const origin = element(doc, 'strong', request.origin ?? parentOrigin(doc) ?? ApprovalText.UNKNOWN_ORIGIN, 'origin')
  const method = element(doc, 'code', request.method, 'method')
  method.setAttribute('aria-label', `method ${request.method}`)
  asker.append(origin, ` ${ApprovalText.ASKS} `, method)
  panel.append(title, asker)
  if (request.site) panel.append(element(doc, 'p', `${ApprovalText.CLAIMED_NAME} ${request.site}`, 'claimed'))
  if (request.warnings?.length) {
    const warnings = element(doc, 'ul', undefined, 'warnings')
    warnings.setAttribute('aria-label', ApprovalText.WARNINGS)
    for (const warning of request.warnings) warnings.append(element(doc, 'li', warning))
    panel.append(warnings)
  }
  const reject = element(doc, 'button', ApprovalText.REJECT, 'reject')
  const approve = element(doc, 'button', ApprovalText.APPROVE, 'approve')
  reject.type = approve.type = 'button'
  approve.disabled = true
  const status = element(doc, 'p', ApprovalText.COVERED, 'status')
  status.id = 'approval-status'
  status.setAttribute('role', 'status')
  approve.setAttribute('aria-describedby', status.id)
  const actions = element(doc, 'div', undefined, 'actions')
  actions.append(reject, approve)
  // The details scroll when long: a focusable region, so a keyboard can scroll them too.
  const details = element(doc, 'div', undefined, 'scroll')
  details.setAttribute('role', 'region')
  details.setAttribute('aria-label', ApprovalText.DETAILS)
  details.tabIndex = 0
  details.append(detailsList(doc, request.rows))
  panel.append(details, status, actions)
  doc.body.append(panel)
  reject.focus()
  const stopWatching = watchVisibility(panel, (visible) => {
    approve.disabled = !visible
    status.textContent = visible ? '' : ApprovalText.COVERED
  })

  return new Promise((resolve) => {
    const finish = (approved: boolean) => {
      stopWatching()
      doc.removeEventListener('keydown', onKey)
      panel.remove()
      resolve(approved)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') finish(false)
    }
    doc.addEventListener('keydown', onKey)
    reject.addEventListener('click', () => finish(false))
    approve.addEventListener('click', () => finish(true))
  })
}
