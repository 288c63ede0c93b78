// Local stand-ins of the on-ramp providers' pages (Coinbase Onramp, Meld) for the demo, which
// sends nothing off this machine: `onrampPlugin` is pointed here (demo/config.ts). Each page
// parses the URL Portico built and shows what it received (address, network, asset, amount);
// its Buy form "delivers" the purchase the way a provider does, with a transaction of its own,
// here native ETH on the demo's Hardhat chain from the provider's account. The Blockchain API
// knows those accounts (DEMO_ONRAMP_SENDERS, demo/peers/api.ts), so the delivery shows in
// Activity as a purchase. Plain HTML under a strict CSP: no script, no style.
// Plain ESM: `npm start` runs it on Node 20; types in onrampStandIn.d.mts.
import { createServer } from 'node:http'
import * as v from 'valibot'
import { createPublicClient, createWalletClient, formatEther, getAddress, isAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEMO_NATIVE_PRICE, DEMO_TOKEN_CHAIN_ID } from './tokens.mjs'
import { nodeTransport } from './nodeTransport.mjs'
import { listenOnLoopback } from '../listen.mjs'

/** The port of `npm start`; demo/config.ts points `onrampPlugin` at it. */
export const ONRAMP_STAND_IN_PORT = 8710

/**
 * Hardhat's accounts #17 (Coinbase's stand-in) and #16 (Meld's), publicly known keys that
 * nothing else in the demo uses; never for real funds.
 */
const PROVIDER_KEYS = {
  coinbase: '0x689af8efa8c651a91ad287602527f3af2fe9f6501a7ac4b061667b5a93e037fd',
  meld: '0xea6c44ac03bff858b476bba40716402b03e41b8e97e276d1baec7c37d42484a0',
}

/** The addresses each stand-in delivers purchases from, for the API's `onrampSenders`. */
export const DEMO_ONRAMP_SENDERS = Object.freeze({
  coinbase: Object.freeze(['0xbDA5747bFD65F08deb54cb465eB87D40e51B197E']),
  meld: Object.freeze(['0x2546BcD3c84621e976D8185a91A922aE77ECEc30']),
})

const NAMES = { coinbase: 'Coinbase Onramp', meld: 'Meld' }

const CSP = "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const Text = v.pipe(v.string(), v.maxLength(200))
const Dollars = v.pipe(v.string(), v.regex(/^\d{1,5}(\.\d{1,2})?$/, 'must be dollars'), v.transform(Number), v.minValue(1), v.maxValue(10_000))
const Json = (schema) =>
  v.pipe(
    Text,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value)
      } catch {
        addIssue({ message: 'must be JSON' })
        return NEVER
      }
    }),
    schema,
  )

/** What Portico's Coinbase URL carries (plugins/onramp/onrampUrls.ts). */
const CoinbaseQuery = v.object({
  appId: v.optional(Text),
  addresses: Json(
    v.pipe(
      v.record(Text, v.pipe(v.array(Text), v.length(1))),
      v.check((record) => Object.keys(record).length === 1, 'must name one address'),
    ),
  ),
  assets: Json(v.pipe(v.array(Text), v.length(1))),
  defaultNetwork: Text,
  defaultAsset: Text,
  presetFiatAmount: v.optional(Dollars),
  fiatCurrency: v.optional(v.literal('USD')),
})

/** What Portico's Meld URL carries. */
const MeldQuery = v.object({
  publicKey: v.optional(Text),
  walletAddress: Text,
  destinationCurrencyCode: Text,
  sourceAmount: v.optional(Dollars),
  sourceCurrencyCode: v.optional(v.literal('USD')),
})

const BuyForm = v.object({
  address: v.pipe(
    Text,
    v.check((text) => isAddress(text, { strict: false }), 'must be an EVM address'),
  ),
  amount: Dollars,
})

/** The purchase a page shows, from its query. */
function received(provider, params) {
  if (provider === 'coinbase') {
    const query = v.parse(CoinbaseQuery, params)
    const [[address, [network]]] = Object.entries(query.addresses)
    return { address, network, asset: query.defaultAsset, amount: query.presetFiatAmount, key: query.appId }
  }
  const query = v.parse(MeldQuery, params)
  return { address: query.walletAddress, network: undefined, asset: query.destinationCurrencyCode, amount: query.sourceAmount, key: query.publicKey }
}

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(title, body) {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>\n`
}

function purchasePage(provider, purchase) {
  const rows = [
    ['Address', purchase.address, 'address'],
    ...(purchase.network ? [['Network', purchase.network, 'network']] : []),
    ['Asset', purchase.asset, 'asset'],
    ['Amount', purchase.amount === undefined ? 'not preset' : `${purchase.amount} USD`, 'amount'],
    ...(purchase.key ? [[provider === 'coinbase' ? 'App id' : 'Public key', purchase.key, 'key']] : []),
  ]
  const deliverable = isAddress(purchase.address, { strict: false }) && purchase.asset === 'ETH'
  const form = deliverable
    ? `<form method="post" action="/${provider}/buy">` +
      `<input type="hidden" name="address" value="${escape(purchase.address)}">` +
      `<p><label>Amount in US dollars <input name="amount" type="number" min="1" max="10000" step="0.01" required value="${escape(purchase.amount ?? 50)}"></label></p>` +
      `<p><button type="submit">Buy ETH</button></p></form>` +
      `<p>The test purchase sends ETH at ${DEMO_NATIVE_PRICE} USD on the demo's Hardhat chain (${DEMO_TOKEN_CHAIN_ID}), whatever network is named above: this machine reaches no other.</p>`
    : `<p>This stand-in delivers ETH to EVM addresses only, on the demo's Hardhat chain: nothing to buy here.</p>`
  return page(
    `${NAMES[provider]} (local stand-in)`,
    `<h1>${escape(NAMES[provider])}: local stand-in</h1>` +
      `<p>This page stands in for the provider's. It shows what the Portico demo sent it; nothing leaves this machine.</p>` +
      `<dl>${rows.map(([name, value, field]) => `<dt>${name}</dt><dd data-field="${field}">${escape(value)}</dd>`).join('')}</dl>${form}`,
  )
}

function reply(res, status, html) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  })
  res.end(html)
}

const refusal = (title, reason) => page(title, `<h1>${escape(title)}</h1><p>${escape(reason)}</p>`)
const firstIssue = (error) => (error instanceof v.ValiError ? `${v.getDotPath(error.issues[0]) ?? 'query'}: ${error.issues[0].message}` : 'unreadable')

async function readForm(req) {
  const chunks = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > 4096) throw new Error('too long')
    chunks.push(chunk)
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
}

/**
 * Starts both stand-ins on 127.0.0.1: GET /coinbase and /meld show what the URL carried, POST
 * /coinbase/buy and /meld/buy deliver the purchase (ETH worth the dollars at the demo's price)
 * on the Hardhat node at `rpcUrl` from the provider's account.
 */
export async function startOnRampStandIn({ port = ONRAMP_STAND_IN_PORT, rpcUrl = 'http://127.0.0.1:8545' } = {}) {
  const transport = nodeTransport(rpcUrl)
  const chain = createPublicClient({ transport })
  const deliver = async (provider, to, dollars) => {
    const wallet = createWalletClient({ account: privateKeyToAccount(PROVIDER_KEYS[provider]), transport })
    // Cents in, wei out: dollars / price ETH, without float rounding of the wei.
    const value = (BigInt(Math.round(dollars * 100)) * 10n ** 16n) / BigInt(DEMO_NATIVE_PRICE)
    const chainId = await chain.getChainId()
    const hash = await wallet.sendTransaction({
      to: getAddress(to),
      value,
      chain: { id: chainId, name: 'Hardhat', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } },
    })
    await chain.waitForTransactionReceipt({ hash })
    return { hash, value }
  }

  const handle = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const [, provider, action] = url.pathname.split('/')
    if (!Object.hasOwn(NAMES, provider ?? '')) return reply(res, 404, refusal('Not found', 'The stand-ins are at /coinbase and /meld.'))
    if (req.method === 'GET' && action === undefined) {
      try {
        return reply(res, 200, purchasePage(provider, received(provider, Object.fromEntries(url.searchParams))))
      } catch (error) {
        return reply(res, 400, refusal('Bad link', `This link is not one Portico builds: ${firstIssue(error)}`))
      }
    }
    if (req.method === 'POST' && action === 'buy') {
      let form
      try {
        form = v.parse(BuyForm, await readForm(req))
      } catch (error) {
        return reply(res, 400, refusal('Bad purchase', firstIssue(error)))
      }
      const { hash, value } = await deliver(provider, form.address, form.amount)
      return reply(
        res,
        200,
        page(
          'Purchase sent',
          `<h1>Purchase sent</h1><p data-field="delivered">Sent ${escape(formatEther(value))} ETH to ${escape(getAddress(form.address))} on ${DEMO_TOKEN_CHAIN_ID}.</p><p>Transaction <code>${escape(hash)}</code>. You can close this window.</p>`,
        ),
      )
    }
    return reply(res, 405, refusal('Method not allowed', 'GET a page or POST its form.'))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) reply(res, 502, refusal('Delivery failed', 'The local chain did not take the transaction.'))
      else res.destroy()
    })
  })
  return listenOnLoopback(server, port)
}
