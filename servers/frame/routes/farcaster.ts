import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, isNull } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import { generateSiweNonce } from 'viem/siwe'
import { frameTables } from '../../db/index.ts'
import type { FrameContext, FrameEnv } from '../context.ts'
import { allowOrigin, ApiError, Caller, DeviceId, readBody } from '../http.ts'
import { FarcasterRefusal, verifySignIn } from '../social/farcaster.ts'
import { signInIdentity } from '../social/identity.ts'
import { Binding, SOCIAL_LOGIN_TTL_SECONDS } from './social.ts'

const { farcasterRequests } = frameTables

/** How often a waiting connect asks the relay whether the Farcaster app has signed. */
const RELAY_POLL_MS = 1000

const ChannelToken = v.pipe(v.string(), v.minLength(8), v.maxLength(256))
const StartBody = v.object({ ...Caller, binding: Binding })
const ConnectBody = v.object({ ...Caller, deviceId: DeviceId, binding: Binding, channelToken: ChannelToken })

/**
 * Farcaster login: the frame opens a relay channel here (the nonce is made and kept here), shows
 * its url as a QR code, then waits on /connect, which long-polls the relay. Once the visitor's
 * Farcaster app has signed, the Sign In With Farcaster message is verified (domain, nonce,
 * validity, the custody address from the IdRegistry) and the fid is bound to a user.
 */
export function farcasterRoutes(app: Hono<FrameEnv>, context: FrameContext) {
  const { secrets } = context
  const farcaster = () => {
    if (!context.farcaster) throw new ApiError(400, FarcasterRefusal.NOT_CONFIGURED)
    return context.farcaster
  }
  const domain = () => farcaster().domain ?? new URL(context.publicUrl).host

  app.post('/v1/farcaster/start', async (c) => {
    const body = await readBody(c, StartBody)
    allowOrigin(context, body)
    const { relay } = farcaster()
    const now = context.now()
    const expiresAt = new Date(now.getTime() + SOCIAL_LOGIN_TTL_SECONDS * 1000)
    const nonce = generateSiweNonce()
    const channel = await relay.open({ siweUri: context.publicUrl, domain: domain(), nonce, expirationTime: expiresAt })
    await context.db.insert(farcasterRequests).values({
      channelHash: secrets.hash(channel.channelToken),
      bindingHash: secrets.hash(body.binding),
      projectId: body.projectId,
      hostOrigin: body.hostOrigin,
      nonce,
      createdAt: now,
      expiresAt,
    })
    return c.json({ url: channel.url, channelToken: channel.channelToken })
  })

  /** Waits up to farcasterWaitSeconds for the signature; the request is spent before it is verified, so it is tried once. */
  app.post('/v1/farcaster/connect', async (c) => {
    const body = await readBody(c, ConnectBody)
    allowOrigin(context, body)
    const { relay, chain } = farcaster()
    const channelHash = secrets.hash(body.channelToken)
    const [request] = await context.db.select().from(farcasterRequests).where(eq(farcasterRequests.channelHash, channelHash))
    if (!request || request.bindingHash !== secrets.hash(body.binding) || request.projectId !== body.projectId || request.hostOrigin !== body.hostOrigin) {
      throw new ApiError(400, FarcasterRefusal.NOT_STARTED)
    }
    if (request.usedAt) throw new ApiError(400, FarcasterRefusal.REPLAYED)

    const deadline = Date.now() + context.limits.farcasterWaitSeconds * 1000
    let status = await relay.status(body.channelToken)
    while (status.state === 'pending') {
      if (request.expiresAt <= context.now()) throw new ApiError(400, FarcasterRefusal.EXPIRED)
      // The frame gone (page closed, frame reloaded): stop asking the relay for it.
      if (Date.now() + RELAY_POLL_MS > deadline || c.req.raw.signal.aborted) return c.json({ completed: false })
      await sleep(RELAY_POLL_MS)
      status = await relay.status(body.channelToken)
    }

    const now = context.now()
    const spent = await context.db
      .update(farcasterRequests)
      .set({ usedAt: now })
      .where(and(eq(farcasterRequests.channelHash, channelHash), isNull(farcasterRequests.usedAt)))
      .returning({ channelHash: farcasterRequests.channelHash })
    if (spent.length === 0) throw new ApiError(400, FarcasterRefusal.REPLAYED)
    if (request.expiresAt <= now) throw new ApiError(400, FarcasterRefusal.EXPIRED)

    const fid = await verifySignIn(chain, status, { domain: domain(), nonce: request.nonce, now })
    const result = await signInIdentity(context, {
      provider: 'farcaster',
      subject: String(fid),
      username: status.username ?? undefined,
      verifiedEmail: undefined,
      deviceId: body.deviceId,
      projectId: body.projectId,
    })
    return c.json({ completed: true, ...result })
  })
}
