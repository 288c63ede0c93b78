// A local stand-in for Farcaster's auth relay (relay.farcaster.xyz), speaking its channel
// protocol: an app opens a channel (POST /v1/channel) and polls it (GET /v1/channel/status,
// 202 pending, then 200 completed once, then 401), the visitor's Farcaster app posts the signed
// Sign In With Farcaster message to it (POST /v1/channel/authenticate, with the relay key).
// Channels live in memory. It checks nothing about the signature: like the real relay, it only
// carries it; the frame server verifies. The channel's url carries the message's parameters, so
// a test client playing the phone can sign from the url alone. With `devAccount`, that url is
// also a page standing in for a Farcaster app: a demo visitor opens it (Copy link) and signs in
// as the dev account (its fid registered on the IdRegistry stand-in on first use).
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { Hex } from 'viem'
import { registerFid } from './idRegistry.mjs'
import { authenticateChannel } from '../../test/peers/farcasterPhone.ts'

/** How long a channel lives. */
const CHANNEL_TTL_MS = 10 * 60 * 1000

const CreateChannel = v.object({
  siweUri: v.pipe(v.string(), v.url()),
  domain: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  nonce: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,}$/))),
  notBefore: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  expirationTime: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  requestId: v.optional(v.string()),
})
const Authenticate = v.object({
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/)),
  fid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  username: v.string(),
  bio: v.optional(v.string()),
  displayName: v.optional(v.string()),
  pfpUrl: v.optional(v.string()),
})

type Channel = { expiresAt: number; nonce: string; signatureParams: v.InferOutput<typeof CreateChannel> } & (
  | { state: 'pending' }
  | ({ state: 'completed' } & v.InferOutput<typeof Authenticate>)
)

export interface LocalFarcasterRelay {
  readonly url: string
  /** The key a Farcaster app sends as x-farcaster-auth-relay-key to authenticate a channel. */
  readonly authKey: string
  close(): Promise<void>
}

/** The account the dev page signs in as: its custody key, on the Hardhat node at rpcUrl. */
export interface DevFarcasterAccount {
  readonly rpcUrl: string
  readonly custodyKey: Hex
  readonly username: string
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev Farcaster app</title></head><body><main>${body}</main></body></html>`

export async function startFarcasterRelay(options: { port?: number; devAccount?: DevFarcasterAccount } = {}): Promise<LocalFarcasterRelay> {
  const channels = new Map<string, Channel>()
  const authKey = randomBytes(16).toString('hex')
  const app = new Hono()
  let origin = ''

  /** The channel the bearer token names, if it is still open. */
  const channelOf = (authorization: string | undefined) => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1]
    const channel = token ? channels.get(token) : undefined
    if (!token || !channel || channel.expiresAt <= Date.now()) return undefined
    return { token, channel }
  }

  app.post('/v1/channel', async (c) => {
    const body = v.safeParse(CreateChannel, await c.req.json().catch(() => undefined))
    if (!body.success) return c.json({ error: 'Validation error', message: body.issues[0].message }, 400)
    const channelToken = crypto.randomUUID()
    const nonce = body.output.nonce ?? randomBytes(12).toString('hex')
    const signatureParams = { ...body.output, nonce }
    channels.set(channelToken, { state: 'pending', nonce, signatureParams, expiresAt: Date.now() + CHANNEL_TTL_MS })
    const url = new URL('/~/sign-in-with-farcaster', origin)
    for (const [key, value] of Object.entries({ channelToken, ...signatureParams })) if (value) url.searchParams.set(key, value)
    return c.json({ channelToken, url: url.href, connectUri: url.href, nonce }, 201)
  })

  app.post('/v1/channel/authenticate', async (c) => {
    if (c.req.header('x-farcaster-auth-relay-key') !== authKey) return c.json({ error: 'Unauthorized' }, 401)
    const open = channelOf(c.req.header('authorization'))
    if (!open) return c.json({ error: 'Unauthorized' }, 401)
    const body = v.safeParse(Authenticate, await c.req.json().catch(() => undefined))
    if (!body.success) return c.json({ error: 'Validation error', message: body.issues[0].message }, 400)
    const completed: Channel = { ...open.channel, ...body.output, state: 'completed' }
    channels.set(open.token, completed)
    return c.json(completed, 201)
  })

  app.get('/v1/channel/status', (c) => {
    const open = channelOf(c.req.header('authorization'))
    if (!open) return c.json({ error: 'Unauthorized' }, 401)
    const { expiresAt: _expiresAt, ...status } = open.channel
    if (status.state === 'pending') return c.json(status, 202)
    // Reported once: the channel closes.
    channels.delete(open.token)
    return c.json(status, 200)
  })

  /** The dev account's fid, registered once. */
  let devFid: Promise<number> | undefined
  const devAccount = options.devAccount
  if (devAccount) {
    const html = (c: Context, body: string, status: 200 | 400 = 200) => {
      c.header('Content-Security-Policy', "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
      return c.html(page(body), status)
    }
    // The channel url, opened in a browser: what a Farcaster app would show before signing.
    app.get('/~/sign-in-with-farcaster', (c) => {
      const domain = c.req.query('domain') ?? ''
      return html(
        c,
        `<h1>Dev Farcaster app</h1><p>${escape(domain)} asks you to sign in with Farcaster.</p>` +
          `<form method="post"><input type="hidden" name="url" value="${escape(c.req.url)}"><button type="submit">Sign in as @${escape(devAccount.username)}</button></form>`,
      )
    })
    app.post('/~/sign-in-with-farcaster', async (c) => {
      const form = await c.req.parseBody()
      const url = typeof form['url'] === 'string' ? form['url'] : ''
      try {
        devFid ??= registerFid(devAccount.rpcUrl, devAccount.custodyKey).then(Number)
        const fid = await devFid.catch((error: Error) => {
          devFid = undefined
          throw error
        })
        await authenticateChannel({ url: origin, authKey }, url, { fid, custodyKey: devAccount.custodyKey, username: devAccount.username })
        return html(c, `<h1>Signed in</h1><p role="status">Signed in as @${escape(devAccount.username)} (fid ${fid}). Go back to the app.</p>`)
      } catch (error) {
        return html(c, `<h1>Sign-in failed</h1><p role="alert">${escape((error as Error).message)}</p>`, 400)
      }
    })
  }

  let server: ServerType | undefined
  await new Promise<void>((resolve, reject) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => resolve())
    server.once('error', reject)
  })
  origin = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
  return {
    url: origin,
    authKey,
    close: () => new Promise<void>((resolve) => server!.close(() => resolve())),
  }
}
