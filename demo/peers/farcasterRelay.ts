// A local stand-in for Farcaster's auth relay (relay.farcaster.xyz), speaking its channel
// protocol: an app opens a channel (POST /v1/channel) and polls it (GET /v1/channel/status,
// 202 pending, then 200 completed once, then 401), the visitor's Farcaster app posts the signed
// Sign In With Farcaster message to it (POST /v1/channel/authenticate, with the relay key).
// Channels live in memory. It checks nothing about the signature: like the real relay, it only
// carries it; the frame server verifies. The channel's url carries the message's parameters, so
// a test client playing the phone can sign from the url alone.
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import * as v from 'valibot'

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

export async function startFarcasterRelay(options: { port?: number } = {}): Promise<LocalFarcasterRelay> {
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
