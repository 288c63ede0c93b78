import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { SOCIAL_RESULT_ACK, SOCIAL_RESULT_MESSAGE } from '../../../protocol/frameProtocol.ts'

// The pages a social login shows on the frame server's origin, in the popup or the page: a
// refusal, and the popup's hand-over of the result secret to the Portico frame of its opener.

/** After this long without the frame's ack, the popup also says where the login went (it keeps offering the result every 250 ms: a slow frame still gets it). */
const HAND_OVER_MS = 5_000

export const FINISHED_ELSEWHERE = 'The login finished in another window. Go back to the site to continue.'

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** No referrer: the callback's address holds the provider's code. */
const common = (c: Context, csp: string) => {
  c.header('Content-Security-Policy', `default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'${csp}`)
  c.header('Referrer-Policy', 'no-referrer')
  c.header('Cache-Control', 'no-store')
}

export function refusalPage(c: Context, text: string) {
  common(c, '')
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Login refused</title></head><body><main><h1>Login refused</h1><p role="alert">${escape(text)}</p><p>Close this window, go back to the site and try again.</p></main></body></html>`,
    400,
  )
}

/**
 * The popup flow's last page. Its script offers `{ type: SOCIAL_RESULT, result }` to each frame
 * of the window that opened it, addressed to this origin only: of the opener's frames only the
 * Portico frame, served from here, can receive it; the host page cannot. Once a frame on this
 * origin acknowledges, the popup closes. Without an opener, or without an ack in 5 s, it says
 * where the login went.
 */
export function resultPage(c: Context, result: string, frameOrigin: string) {
  const nonce = randomBytes(16).toString('base64')
  const data = JSON.stringify({ result, origin: frameOrigin, type: SOCIAL_RESULT_MESSAGE, ack: SOCIAL_RESULT_ACK, elsewhere: FINISHED_ELSEWHERE, ms: HAND_OVER_MS })
  const script = `(() => {
  const d = ${data.replace(/</g, '\\u003c')}
  const status = document.getElementById('status')
  const opener = window.opener
  if (!opener) { status.textContent = d.elsewhere; return }
  let timer
  addEventListener('message', (event) => {
    if (event.origin !== d.origin || !event.data || event.data.type !== d.ack) return
    clearInterval(timer)
    window.close()
  })
  const offer = () => {
    try {
      for (let i = 0; i < opener.frames.length; i++) opener.frames[i].postMessage({ type: d.type, result: d.result }, d.origin)
    } catch {}
  }
  const deadline = Date.now() + d.ms
  offer()
  timer = setInterval(() => {
    if (Date.now() > deadline) status.textContent = d.elsewhere
    offer()
  }, 250)
})()`
  common(c, `; script-src 'nonce-${nonce}'`)
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Login finished</title></head><body><main><h1>Login finished</h1><p role="status" id="status">Returning to the site…</p></main><script nonce="${nonce}">${script}</script></body></html>`,
  )
}
