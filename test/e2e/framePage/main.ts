// The host side of the frame test: the frame client, driven by the test through
// window.frameTest. The page keeps what a host keeps after a login (the address and the
// host token) in its own storage, so the storage search has something to look through.
import { createFrameClient } from '../../../plugins/auth/frameClient.ts'
import type { AppPayload, AppRequestName, FrameEvent } from '../../../protocol/frameProtocol.ts'

// The box the frame is shown over for an approval, as the ApproveTransaction view gives it (sized here: the page's CSP allows no inline style).
const box = document.getElementById('approval-box')!
Object.assign(box.style, { width: '360px', height: '420px', margin: '20px', border: '1px solid #999' })

const query = new URLSearchParams(location.search)
const client = createFrameClient({ frameUrl: query.get('frameUrl')!, projectId: query.get('projectId')!, chainId: 31337 })
const events: FrameEvent[] = []
client.subscribe((event) => {
  events.push(event)
  if (event.type === '@portico-frame/SESSION_UPDATE') localStorage.setItem('@portico/host-token', event.payload.token)
})

// The ids of requests, for the forged replies of the test (a real attacker cannot read them).
const ids: string[] = []
const randomUUID = crypto.randomUUID.bind(crypto)
crypto.randomUUID = () => {
  const id = randomUUID()
  ids.push(id)
  return id
}

/** A modal dialog in a shadow root, as the kit's modal is: everything outside it is inert while it is open. */
function openModal(): Element {
  const holder = document.createElement('div')
  document.body.append(holder)
  const dialog = document.createElement('dialog')
  const anchor = document.createElement('div')
  Object.assign(anchor.style, { width: '360px', height: '420px' })
  dialog.append(anchor)
  holder.attachShadow({ mode: 'open' }).append(dialog)
  dialog.showModal()
  return anchor
}

const frameTest = {
  load: () => client.load(),
  request: <N extends AppRequestName>(name: N, payload: AppPayload<N>, timeoutMs?: number) => client.request(name, payload, timeoutMs === undefined ? {} : { timeoutMs }),
  show: () => client.show(box),
  hide: () => client.hide(),
  showInModal: () => client.show(openModal()),
  /** Where the iframe is: 'dialog' (inside the modal) or 'body'. */
  frameParent: () => {
    const inShadow = [...document.querySelectorAll('div')].map((div) => div.shadowRoot?.getElementById('w3m-iframe')).find(Boolean)
    return (document.getElementById('w3m-iframe') ?? inShadow)?.parentElement?.localName
  },
  closeModal: () => {
    for (const div of document.querySelectorAll('div')) div.shadowRoot?.querySelector('dialog')?.close()
  },
  dropped: () => client.dropped,
  events,
  ids,
}
Object.assign(window, { frameTest })
export type FrameTest = typeof frameTest
