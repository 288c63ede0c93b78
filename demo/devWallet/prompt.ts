/** One question to the person: who asks (the wallet's label), what is asked, and the facts to decide on. */
export interface PromptRequest {
  readonly title: string
  readonly action: string
  readonly details: readonly (readonly [term: string, value: string])[]
}

let queue: Promise<unknown> = Promise.resolve()
let ids = 0

/**
 * Asks in a native modal `<dialog>` of the demo page (not the Portico modal):
 * named by the wallet's label, described by the request, Reject first so it has
 * the initial focus; Escape rejects. Prompts queue up one at a time. Built with
 * DOM calls and the demo's stylesheet only, so the page's strict CSP holds.
 *
 * @returns true when the person chose Approve.
 */
export function showPrompt(request: PromptRequest, doc: Document = document): Promise<boolean> {
  const answer = queue.then(() => ask(request, doc))
  queue = answer.catch(() => undefined)
  return answer
}

function ask({ title: label, action, details }: PromptRequest, doc: Document): Promise<boolean> {
  const id = `devwallet-prompt-${++ids}`
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const node = doc.createElement(tag)
    if (text !== undefined) node.textContent = text
    if (className) node.className = className
    return node
  }
  const dialog = el('dialog', undefined, 'devwallet-prompt')
  dialog.dataset['testid'] = 'devwallet-prompt'
  dialog.setAttribute('aria-labelledby', `${id}-title`)
  dialog.setAttribute('aria-describedby', `${id}-action`)
  const title = el('h2', label)
  title.id = `${id}-title`
  const what = el('p', action)
  what.id = `${id}-action`
  const list = el('dl')
  for (const [term, value] of details) list.append(el('dt', term), el('dd', value))
  const reject = el('button', 'Reject')
  const approve = el('button', 'Approve', 'primary')
  reject.type = approve.type = 'button'
  const buttons = el('div', undefined, 'row')
  buttons.append(reject, approve)
  dialog.append(title, what, list, buttons)
  doc.body.append(dialog)

  return new Promise((resolve) => {
    const finish = (approved: boolean) => {
      dialog.close()
      dialog.remove()
      resolve(approved)
    }
    reject.addEventListener('click', () => finish(false))
    approve.addEventListener('click', () => finish(true))
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault()
      finish(false)
    })
    dialog.showModal()
  })
}
