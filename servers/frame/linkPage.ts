import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import type { FrameContext, FrameEnv } from './context.ts'
import { mailTime } from './mail.ts'

/**
 * The pages a mailed link opens (approve a sign-in, refuse a device). Opening one changes
 * nothing: mail scanners fetch links (GET, HEAD) to look for malware, and would otherwise
 * approve an attacker's device. Only the page's own button acts, by a form POST to this
 * origin that the page's CSP allows and nothing else (`form-action 'self'`), and the POST
 * is taken only with this server's Origin.
 */

export const LinkToken = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'is not a link token'))
const LinkForm = v.object({ token: LinkToken })

export interface LinkFacts {
  readonly site: string
  readonly device: string
  readonly network: string
  readonly time: Date
}

export const siteName = (context: FrameContext, projectId: string | null) => (projectId && context.projects.get(projectId)?.name) || projectId || 'this site'

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function html(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}button{font:inherit;padding:.5rem 1.25rem;border-radius:.375rem;border:1px solid #444;cursor:pointer}button:focus-visible{outline:3px solid #1a56db;outline-offset:2px}</style></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`
}

function send(c: Context, status: ContentfulStatusCode, page: string) {
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
  // The token is in the address: it must not leak to another site. Not 'no-referrer': with it
  // the browser sends the page's own POST with `Origin: null`, which the POST then refuses.
  c.header('Referrer-Policy', 'same-origin')
  c.header('Cache-Control', 'no-store')
  return c.html(page, status)
}

/** A page with a message only. */
export const messagePage = (c: Context, status: ContentfulStatusCode, title: string, text: string) => send(c, status, html(title, `<p>${escape(text)}</p>`))

/** The page that shows what is asked and the one button that does it. */
export function askPage(c: Context, ask: { title: string; intro: string; facts: LinkFacts; action: string; token: string; button: string }) {
  const rows: [string, string][] = [
    ['Site', ask.facts.site],
    ['Device', ask.facts.device],
    ['Network', ask.facts.network],
    ['Time', mailTime(ask.facts.time)],
  ]
  const list = rows.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`).join('')
  const form = `<form method="post" action="${escape(ask.action)}"><input type="hidden" name="token" value="${escape(ask.token)}"><button type="submit">${escape(ask.button)}</button></form>`
  return send(c, 200, html(ask.title, `<p>${escape(ask.intro)}</p><dl>${list}</dl>${form}`))
}

/**
 * The token of a POST from a link page, or undefined when the request did not come from
 * this server's own page: a form body, with an Origin that is this server's.
 */
export async function tokenFromPage(context: FrameContext, c: Context): Promise<string | undefined> {
  if (c.req.header('origin') !== new URL(context.publicUrl).origin) return undefined
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) return undefined
  const form = v.safeParse(LinkForm, await c.req.parseBody().catch(() => undefined))
  return form.success ? form.output.token : undefined
}

type Message = readonly [title: string, text: string]

/** What one mailed link does: the record its token names, the page that asks, the act of its button. */
export interface LinkAction<Record> {
  readonly path: string
  /** Shown for an unknown, expired or spent token. */
  readonly invalid: Message
  /** Shown for a POST that did not come from this server's own page. */
  readonly foreign: Message
  find(token: string): Promise<Record | undefined>
  /** The message when the record was already acted on; undefined to ask. */
  done(record: Record): Message | undefined
  ask(record: Record): { title: string; intro: string; facts: LinkFacts; button: string }
  /** Acts on the token; undefined when the token is no longer valid. */
  act(token: string): Promise<Message | undefined>
}

/** The GET page (which only asks) and the POST of its button (which acts) for one mailed link. */
export function linkRoutes<Record>(app: Hono<FrameEnv>, context: FrameContext, action: LinkAction<Record>) {
  app.get(action.path, async (c) => {
    const query = v.safeParse(LinkForm, c.req.query())
    const token = query.success ? query.output.token : undefined
    const record = token ? await action.find(token) : undefined
    if (!token || !record) return messagePage(c, 400, ...action.invalid)
    const done = action.done(record)
    if (done) return messagePage(c, 200, ...done)
    return askPage(c, { ...action.ask(record), action: action.path, token })
  })

  app.post(action.path, async (c) => {
    const token = await tokenFromPage(context, c)
    if (!token) return messagePage(c, 403, ...action.foreign)
    const outcome = await action.act(token)
    return outcome ? messagePage(c, 200, ...outcome) : messagePage(c, 400, ...action.invalid)
  })
}
