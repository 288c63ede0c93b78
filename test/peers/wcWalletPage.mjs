// The demo's "dev phone wallet": a page on 127.0.0.1 where a person pastes a `wc:`
// uri (or arrives through a wallet link, /wallet/wc?uri=…), then approves or
// rejects the session and each request. The wallet itself is the sign-client
// wallet of wcWallet.mjs, in Node; the key never reaches a page. Plain ESM so
// demo/start.mjs can run it; types in wcWalletPage.d.mts.
import { createServer } from 'node:http'
import * as v from 'valibot'
import { startWcWallet } from './wcWallet.mjs'

const PairBody = v.object({ uri: v.pipe(v.string(), v.regex(/^wc:[0-9a-f]{64}@2\?/, 'must be a WalletConnect v2 uri'), v.maxLength(2048)) })
const DecideBody = v.object({ id: v.pipe(v.number(), v.integer()), approve: v.boolean() })
const MAX_BODY = 16 * 1024

/**
 * Starts the page and its wallet.
 *
 * @param {{ port?: number, relayUrl: string, privateKey: `0x${string}`, rpcUrls: Record<number, string>, name?: string }} options
 */
export async function startWcWalletPage({ port = 0, relayUrl, privateKey, rpcUrls, name = 'Portico Dev Phone Wallet' }) {
  /** @type {Map<number, { id: number, method: string, params: unknown, decide: (approve: boolean) => void }>} */
  const pending = new Map()
  /** @type {{ at: number, text: string }[]} */
  const log = []
  let nextId = 1
  const note = (text) => {
    log.push({ at: Date.now(), text })
    if (log.length > 50) log.shift()
  }
  const wallet = await startWcWallet({
    relayUrl,
    privateKey,
    rpcUrls,
    name,
    storagePrefix: `portico-dev-phone-${process.pid}`,
    // Every proposal and request waits for the person's decision on the page.
    approve: (method, params) =>
      new Promise((decide) => {
        const id = nextId++
        pending.set(id, {
          id,
          method,
          params,
          decide: (approve) => {
            pending.delete(id)
            note(`${approve ? 'approved' : 'rejected'} ${method}`)
            decide(approve)
          },
        })
      }),
  })

  const state = () => ({
    address: wallet.address,
    sessions: wallet.sessions(),
    pending: [...pending.values()].map(({ id, method, params }) => ({ id, method, params: summarize(method, params) })),
    log,
  })

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://wallet')
    const send = (status, type, body) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
      response.end(body)
    }
    const json = (status, body) => send(status, 'application/json', JSON.stringify(body))
    try {
      if (request.method === 'GET' && (url.pathname === '/wallet' || url.pathname === '/wallet/' || url.pathname === '/wallet/wc')) {
        return send(200, 'text/html; charset=utf-8', PAGE)
      }
      if (request.method === 'GET' && url.pathname === '/wallet/app.js') return send(200, 'text/javascript', APP)
      if (request.method === 'GET' && url.pathname === '/wallet/state') return json(200, state())
      if (request.method !== 'POST') return json(404, { error: 'not found' })
      const body = await readJson(request)
      if (url.pathname === '/wallet/pair') {
        const parsed = v.safeParse(PairBody, body)
        if (!parsed.success) return json(400, { error: parsed.issues[0].message })
        note('pairing…')
        wallet.pair(parsed.output.uri).then(
          () => note('session approved'),
          (error) => note(`pairing ended: ${error?.message ?? error}`),
        )
        return json(202, state())
      }
      if (url.pathname === '/wallet/decide') {
        const parsed = v.safeParse(DecideBody, body)
        const item = parsed.success ? pending.get(parsed.output.id) : undefined
        if (!parsed.success || !item) return json(400, { error: 'no such request' })
        item.decide(parsed.output.approve)
        return json(200, state())
      }
      if (url.pathname === '/wallet/disconnect') {
        await wallet.disconnect()
        note('disconnected')
        return json(200, state())
      }
      return json(404, { error: 'not found' })
    } catch (error) {
      return json(400, { error: error instanceof Error ? error.message : String(error) })
    }
  })
  await new Promise((ready) => server.listen(port, '127.0.0.1', ready))
  const address = server.address()
  return {
    url: `http://127.0.0.1:${address.port}/wallet`,
    wallet,
    state,
    async stop() {
      for (const item of pending.values()) item.decide(false)
      await new Promise((done) => server.close(() => done()))
      await wallet.stop()
    },
  }
}

function readJson(request) {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks = []
    request.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY) {
        reject(new Error('body too large'))
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'))
      } catch {
        reject(new Error('body is not JSON'))
      }
    })
    request.on('error', reject)
  })
}

/** What the person is asked to approve, readable (a personal_sign message as text). */
function summarize(method, params) {
  if (method === 'session_proposal') {
    const p = /** @type {{ proposer?: { metadata?: { name?: string, url?: string } } }} */ (params)
    return `${p?.proposer?.metadata?.name ?? 'An app'} (${p?.proposer?.metadata?.url ?? 'unknown origin'}) wants to connect`
  }
  if (method === 'personal_sign' && Array.isArray(params) && typeof params[0] === 'string') {
    const hex = params[0]
    return /^0x([0-9a-f]{2})*$/i.test(hex) ? Buffer.from(hex.slice(2), 'hex').toString('utf8') : hex
  }
  return JSON.stringify(params).slice(0, 500)
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Portico dev phone wallet</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}textarea{width:100%;min-height:5rem}li{margin:.5rem 0}button{margin-right:.5rem}</style>
</head><body>
<h1>Dev phone wallet</h1>
<p>Account <code id="address"></code></p>
<form id="pair"><label for="uri">WalletConnect link (wc:…)</label><textarea id="uri" name="uri" required></textarea><button>Connect</button></form>
<h2>Waiting for you</h2><ul id="pending" aria-live="polite"></ul>
<h2>Sessions</h2><ul id="sessions"></ul><button id="disconnect" type="button">Disconnect</button>
<h2>Log</h2><ul id="log"></ul>
<script type="module" src="/wallet/app.js"></script>
</body></html>`

const APP = `
const $ = (id) => document.getElementById(id)
const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }).then((r) => r.json())
function render(state) {
  $('address').textContent = state.address
  $('pending').replaceChildren(...state.pending.map((item) => {
    const li = document.createElement('li')
    const text = document.createElement('p')
    text.textContent = item.method + ': ' + item.params
    const yes = document.createElement('button')
    yes.textContent = 'Approve'
    yes.onclick = () => post('/wallet/decide', { id: item.id, approve: true }).then(render)
    const no = document.createElement('button')
    no.textContent = 'Reject'
    no.onclick = () => post('/wallet/decide', { id: item.id, approve: false }).then(render)
    li.append(text, yes, no)
    return li
  }))
  $('sessions').replaceChildren(...state.sessions.map((topic) => Object.assign(document.createElement('li'), { textContent: topic.slice(0, 12) + '…' })))
  $('log').replaceChildren(...state.log.slice().reverse().map((e) => Object.assign(document.createElement('li'), { textContent: new Date(e.at).toLocaleTimeString() + ' ' + e.text })))
}
$('pair').onsubmit = (event) => { event.preventDefault(); post('/wallet/pair', { uri: $('uri').value.trim() }).then(render) }
$('disconnect').onclick = () => post('/wallet/disconnect').then(render)
const fromLink = new URLSearchParams(location.search).get('uri')
if (fromLink) { $('uri').value = fromLink; post('/wallet/pair', { uri: fromLink }).then(render) }
const poll = () => fetch('/wallet/state').then((r) => r.json()).then(render).catch(() => undefined)
poll()
setInterval(poll, 1000)
`
