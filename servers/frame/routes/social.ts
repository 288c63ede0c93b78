import { and, eq, isNull } from 'drizzle-orm'
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { frameTables } from '../../db/index.ts'
import { SOCIAL_RESULT_PARAM } from '../../../plugins/auth/frameProtocol.ts'
import type { FrameContext, FrameEnv } from '../context.ts'
import { allowOrigin, ApiError, Caller, DeviceId, readBody } from '../http.ts'
import { SocialRefusal, finishLogin, startLogin } from '../social/login.ts'
import { SOCIAL_PROVIDERS, type SocialClients, type SocialProvider } from '../social/providers.ts'
import { signInIdentity } from '../social/identity.ts'

const { socialRequests } = frameTables

/** A login must come back within this time. */
export const SOCIAL_LOGIN_TTL_SECONDS = 10 * 60

/** A secret the frame keeps for the login it started: only that frame may finish it. */
export const Binding = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 letters, digits, _ or -'))
const StartBody = v.object({
  ...Caller,
  provider: v.picklist(SOCIAL_PROVIDERS, 'must be a social provider'),
  binding: Binding,
  returnUrl: v.pipe(v.string(), v.maxLength(2048), v.url()),
})
const ConnectBody = v.object({
  ...Caller,
  deviceId: DeviceId,
  binding: Binding,
  /** The query string the provider sent to the callback, as the host page got it back. */
  callback: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
})

const page = (c: Context, status: 400, text: string) => {
  c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
  const escaped = text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`)
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Login refused</title></head><body><main><h1>Login refused</h1><p role="alert">${escaped}</p><p>Close this window and try again.</p></main></body></html>`,
    status,
  )
}

export function socialRoutes(app: Hono<FrameEnv>, context: FrameContext, clients: SocialClients) {
  const { secrets } = context
  const redirectUri = () => `${context.publicUrl}/v1/social/callback`

  const providerClient = (provider: SocialProvider) => {
    if (!clients.configured(provider)) throw new ApiError(400, `${SocialRefusal.NOT_CONFIGURED}: ${provider}`)
    return clients.get(provider).catch((error: Error) => {
      console.error(`frame server: ${provider} discovery failed:`, error.message)
      throw new ApiError(502, SocialRefusal.PROVIDER_FAILED)
    })
  }

  /** The frame starts a login: where the visitor goes, with state, PKCE and nonce kept here. */
  app.post('/v1/social/start', async (c) => {
    const body = await readBody(c, StartBody)
    allowOrigin(context, body)
    if (new URL(body.returnUrl).origin !== body.hostOrigin) throw new ApiError(400, 'Invalid request: returnUrl must be on the host page')
    const started = await startLogin(await providerClient(body.provider), redirectUri())
    const now = context.now()
    await context.db.insert(socialRequests).values({
      stateHash: secrets.hash(started.state),
      bindingHash: secrets.hash(body.binding),
      provider: body.provider,
      projectId: body.projectId,
      hostOrigin: body.hostOrigin,
      returnUrl: body.returnUrl,
      codeVerifier: started.codeVerifier,
      nonce: started.nonce ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SOCIAL_LOGIN_TTL_SECONDS * 1000),
    })
    return c.json({ uri: started.uri })
  })

  /**
   * The provider sends the visitor back here (GET, or a form POST for Apple). Nothing is
   * exchanged yet: the answer goes on, in the fragment, to the host page that started the
   * login, whose frame finishes it. An unknown, spent or expired state stops here.
   */
  const callback = async (c: Context, query: string) => {
    const state = new URLSearchParams(query).get('state')
    if (!state) return page(c, 400, SocialRefusal.STATE_MISMATCH)
    const [request] = await context.db.select().from(socialRequests).where(eq(socialRequests.stateHash, secrets.hash(state)))
    if (!request) return page(c, 400, SocialRefusal.STATE_MISMATCH)
    if (request.usedAt) return page(c, 400, SocialRefusal.REPLAYED)
    if (request.expiresAt <= context.now()) return page(c, 400, SocialRefusal.EXPIRED)
    const target = new URL(request.returnUrl)
    target.hash = `${SOCIAL_RESULT_PARAM}=${encodeURIComponent(query)}`
    return c.redirect(target.href, 303)
  }
  app.get('/v1/social/callback', (c) => callback(c, new URL(c.req.url).search.slice(1)))
  app.post('/v1/social/callback', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}))
    const params = new URLSearchParams(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    return callback(c, params.toString())
  })

  /** The frame finishes the login: the request is spent first, so a code is tried once at most. */
  app.post('/v1/social/connect', async (c) => {
    const body = await readBody(c, ConnectBody)
    allowOrigin(context, body)
    const params = new URLSearchParams(body.callback)
    const state = params.get('state')
    if (!state) throw new ApiError(400, SocialRefusal.STATE_MISMATCH)
    const stateHash = secrets.hash(state)
    const [request] = await context.db.select().from(socialRequests).where(eq(socialRequests.stateHash, stateHash))
    if (
      !request ||
      request.bindingHash !== secrets.hash(body.binding) ||
      request.projectId !== body.projectId ||
      request.hostOrigin !== body.hostOrigin
    ) {
      throw new ApiError(400, SocialRefusal.STATE_MISMATCH)
    }
    const now = context.now()
    const spent = await context.db
      .update(socialRequests)
      .set({ usedAt: now })
      .where(and(eq(socialRequests.stateHash, stateHash), isNull(socialRequests.usedAt)))
      .returning({ stateHash: socialRequests.stateHash })
    if (spent.length === 0) throw new ApiError(400, SocialRefusal.REPLAYED)
    if (request.expiresAt <= now) throw new ApiError(400, SocialRefusal.EXPIRED)

    const provider = request.provider as SocialProvider
    const claims = await finishLogin(await providerClient(provider), new URL(`${redirectUri()}?${params}`), {
      state,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce ?? undefined,
    })

    const result = await signInIdentity(context, {
      provider,
      subject: claims.subject,
      username: claims.username,
      verifiedEmail: claims.verifiedEmail,
      deviceId: body.deviceId,
      projectId: body.projectId,
    })
    return c.json(result)
  })
}
