import type { ApprovalRow } from './signing.ts'

const TITLES: Record<string, string> = {
  personal_sign: 'Sign this message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Send this transaction',
  solana_signMessage: 'Sign this message',
  solana_signTransaction: 'Sign this transaction',
  solana_signAndSendTransaction: 'Sign and send this transaction',
}

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const created = doc.createElement(tag)
  if (text !== undefined) created.textContent = text
  if (className) created.className = className
  return created
}

/**
 * Shows what is asked, in this frame's own document (the host page's script cannot
 * reach it), and resolves true on Approve, false on Reject or Escape. Everything is
 * text content: a message cannot inject markup. Reject has the focus first, so a
 * stray Enter declines.
 */
export function askApproval(doc: Document, request: { method: string; rows: ApprovalRow[]; site?: string }): Promise<boolean> {
  const panel = element(doc, 'main', undefined, 'approval')
  const title = element(doc, 'h1', TITLES[request.method] ?? 'Approve this request')
  title.id = 'approval-title'
  panel.setAttribute('aria-labelledby', 'approval-title')
  const asker = element(doc, 'p', `${request.site ?? 'This site'} asks you to approve `, 'asker')
  const method = element(doc, 'code', request.method, 'method')
  method.setAttribute('aria-label', `method ${request.method}`)
  asker.append(method)
  const details = element(doc, 'dl', undefined, 'details')
  for (const row of request.rows) details.append(element(doc, 'dt', row.label), element(doc, 'dd', row.value))
  const reject = element(doc, 'button', 'Reject', 'reject')
  const approve = element(doc, 'button', 'Approve', 'approve')
  reject.type = approve.type = 'button'
  const actions = element(doc, 'div', undefined, 'actions')
  actions.append(reject, approve)
  panel.append(title, asker, details, actions)
  doc.body.append(panel)
  reject.focus()

  return new Promise((resolve) => {
    const finish = (approved: boolean) => {
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
