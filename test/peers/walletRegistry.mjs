// Plain ESM so demo/start.mjs can run it too; types in walletRegistry.d.mts.
// A small local wallet registry for tests and the demo: the explorer-style API
// that plugins/walletconnect/registry.ts reads, over a fixed list, on 127.0.0.1.
import { createServer } from 'node:http'
const ICON = (hue) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="hsl(${hue} 70% 45%)"/></svg>`)}`
/**
 * The demo's and tests' wallets: one that the local "dev phone wallet" answers
 * for (its web app link is the wallet page on port 8631), the rest for lists.
 * Icons are data: URIs, which the demo's CSP (img-src 'self' data:) allows.
 */
export const SAMPLE_WALLETS = [
  {
    id: 'portico-dev-phone',
    name: 'Portico Dev Phone Wallet',
    image_url: ICON(160),
    homepage: 'https://wallet.portico.test',
    mobile_link: 'porticowallet://',
    desktop_link: 'porticowallet://',
    webapp_link: 'http://127.0.0.1:8631/wallet',
  },
  { id: 'rainbow-like', name: 'Rainbow Test', image_url: ICON(200), mobile_link: 'https://rainbow.test', rdns: 'me.rainbow.test' },
  { id: 'metamask-like', name: 'MetaMask Test', image_url: ICON(30), mobile_link: 'metamask-test:', rdns: 'io.metamask.test' },
  { id: 'trust-like', name: 'Trust Test', image_url: ICON(220), mobile_link: 'trust-test://' },
  { id: 'ledger-like', name: 'Ledger Test', image_url: ICON(0), desktop_link: 'ledgerlive-test://' },
  { id: 'zerion-like', name: 'Zerion Test', image_url: ICON(250), mobile_link: 'zerion-test://', webapp_link: 'https://app.zerion.test' },
  { id: 'evil-link', name: 'Evil Link Wallet', image_url: 'javascript:alert(1)', mobile_link: 'javascript:alert(1)//' },
]

/** A wallet whose icon is served by the registry (`image_id` -> /getWalletImage/:id), for the mapping test. */
export const IMAGE_ID_WALLET = { id: 'image-id-wallet', name: 'Image Id Wallet', image_id: 'image-id-wallet', mobile_link: 'imageid://' }
/**
 * Serves `GET /getWallets?page&entries&search&include&exclude` and
 * `GET /getWalletImage/:id` (an SVG), with CORS open for the demo page.
 */
export async function startWalletRegistry({ port = 0, wallets = SAMPLE_WALLETS, answer } = {}) {
  const requests = []
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://registry')
    requests.push(`${url.pathname}${url.search}`)
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', 'x-project-id')
    if (request.method === 'OPTIONS') return void response.writeHead(204).end()
    if (url.pathname === '/getWallets') {
      const body = answer ? answer(url) : list(wallets, url)
      response.writeHead(200, { 'Content-Type': 'application/json' })
      return void response.end(JSON.stringify(body))
    }
    const image = url.pathname.match(/^\/getWalletImage\/([\w.-]+)$/)
    if (image) {
      response.writeHead(200, { 'Content-Type': 'image/svg+xml' })
      return void response.end('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#3b82f6"/></svg>')
    }
    response.writeHead(404).end()
  })
  await new Promise((ready) => server.listen(port, '127.0.0.1', ready))
  const { port: actual } = server.address()
  return {
    url: `http://127.0.0.1:${actual}`,
    requests,
    stop: () => new Promise((done) => server.close(() => done())),
  }
}
function list(wallets, url) {
  const ids = (name) => url.searchParams.get(name)?.split(',').filter(Boolean) ?? []
  const include = ids('include')
  const exclude = new Set(ids('exclude'))
  const search = url.searchParams.get('search')?.toLowerCase()
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1))
  const entries = Math.min(100, Math.max(1, Number(url.searchParams.get('entries') ?? 40)))
  let matching = wallets.filter((w) => !exclude.has(w.id) && (!search || w.name.toLowerCase().includes(search)))
  if (include.length > 0) matching = include.map((id) => matching.find((w) => w.id === id)).filter((w) => w !== undefined)
  return { count: matching.length, data: matching.slice((page - 1) * entries, page * entries) }
}
