import { and, eq, isNull } from 'drizzle-orm'
import type { Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as v from 'valibot'
import { safeErrorText } from '../../common/logSafe.ts'
import { frameTables } from '../../db/index.ts'
import { SOCIAL_RESULT_PARAM, SocialResultSecret } from '../../../protocol/frameProtocol.ts'
import type { FrameContext, FrameEnv } from '../context.ts'
import { allowOrigin, ApiError, Caller, DeviceId, readBody } from '../http.ts'
import { newToken } from '../secrets.ts'
import { claimsContext, verifierContext } from '../sealedContexts.ts'
import { SocialRefusal, finishLogin, startLogin } from '../social/login.ts'
import { refusalPage, resultPage } from '../social/pages.ts'
import { invalidRequest } from '../../../protocol/frameServerErrors.ts'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../protocol/socialProviders.ts'
import type { SocialClaims, SocialClients } from '../social/providers.ts'
import { signInIdentity } from '../social/identity.ts'

const { socialRequests } = frameTables

/** A login must come back within this time. */
export const SOCIAL_LOGIN_TTL_SECONDS = 10 * 60
/** The begin link is followed right after it is made (the popup or the page goes there at once). */
const SOCIAL_BEGIN_TTL_SECONDS = 60

/** A secret the frame keeps for the login it started: only that frame may finish it. */
export const Binding = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 letters, digits, _ or -'))
const StartBody = v.object({
  ...Caller,
  provider: v.picklist(SOCIAL_PROVIDERS, 'must be a social provider'),
  binding: Binding,
  flow: v.picklist(['popup', 'redirect'], 'must be popup or redirect'),
  returnUrl: v.optional(v.pipe(v.string(), v.maxLength(2048))),
})
const ConnectBody = v.object({
  ...Caller,
  deviceId: DeviceId,
  binding: Binding,
  /** The result secret the callback handed over (popup) or put in the return URL's fragment (redirect). */
  result: SocialResultSecret,
})
const BeginQuery = v.object({ t: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)) })

/** The cookie that ties a login to the browser that followed its begin link, one per login. */
const cookieName = (id: string) => `portico-social-${id}`
/**
 * `__Host-`: this origin only, Path=/, Secure (Chromium keeps Secure cookies of http://127.0.0.1
 * and localhost too). SameSite=None: Apple's answer is a cross-site form POST.
 */
const COOKIE = { prefix: 'host', path: '/', secure: true, httpOnly: true, sameSite: 'None' } as const

const text = new TextEncoder()

export function socialRoutes(app: Hono<FrameEnv>, context: FrameContext, clients: SocialClients) {
  const { secrets } = context
  const redirectUri = () => `${context.publicUrl}/v1/social/callback`

  const providerClient = (provider: SocialProvider) => {
    if (!clients.configured(provider)) throw new ApiError(400, `${SocialRefusal.NOT_CONFIGURED}: ${provider}`)
    return clients.get(provider).catch((error: Error) => {
      console.error(`frame server: ${provider} discovery failed:`, safeErrorText(error))
      throw new ApiError(502, SocialRefusal.PROVIDER_FAILED)
    })
  }

  /**
   * The frame starts a login: the row, bound to the frame's secret, and a one-time begin link
   * on this origin. A redirect-flow login comes back only to a registered return URL.
   */
  app.post('/v1/social/start', async (c) => {
    const body = await readBody(c, StartBody)
    allowOrigin(context, body)
    const returnUrl = body.flow === 'redirect' ? body.returnUrl : undefined
    if (body.flow === 'redirect' && !(returnUrl && context.projects.get(body.projectId)!.returnUrls.has(returnUrl))) {
      throw new ApiError(400, invalidRequest("returnUrl must be one of the project's registered return URLs"))
    }
    await providerClient(body.provider)
    const begin = newToken()
    const now = context.now()
    await context.db.insert(socialRequests).values({
      beginHash: secrets.hash(begin),
      bindingHash: secrets.hash(body.binding),
      provider: body.provider,
      projectId: body.projectId,
      hostOrigin: body.hostOrigin,
      flow: body.flow,
      returnUrl: returnUrl ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SOCIAL_LOGIN_TTL_SECONDS * 1000),
    })
    return c.json({ uri: `${context.publicUrl}/v1/social/begin?t=${begin}` })
  })

  /**
   * The visitor's browser follows the begin link (top level: the popup or the page), once: it
   * gets a cookie holding a fresh secret, whose hash the row keeps, and goes on to the provider
   * with state, PKCE and nonce made here. Only this browser's callback is accepted.
   */
  app.get('/v1/social/begin', async (c) => {
    const query = v.safeParse(BeginQuery, c.req.query())
    if (!query.success) return refusalPage(c, SocialRefusal.STATE_MISMATCH)
    const [request] = await context.db
      .select()
      .from(socialRequests)
      .where(eq(socialRequests.beginHash, secrets.hash(query.output.t)))
    if (!request) return refusalPage(c, SocialRefusal.STATE_MISMATCH)
    const now = context.now()
    if (request.beganAt) return refusalPage(c, SocialRefusal.REPLAYED)
    if (now.getTime() > request.createdAt.getTime() + SOCIAL_BEGIN_TTL_SECONDS * 1000) return refusalPage(c, SocialRefusal.EXPIRED)
    const started = await startLogin(await providerClient(request.provider as SocialProvider), redirectUri())
    const browser = newToken()
    const begun = await context.db
      .update(socialRequests)
      .set({
        beganAt: now,
        stateHash: secrets.hash(started.state),
        browserHash: secrets.hash(browser),
        codeVerifier: secrets.seal(text.encode(started.codeVerifier), verifierContext(request.id)),
        nonce: started.nonce ?? null,
      })
      .where(and(eq(socialRequests.id, request.id), isNull(socialRequests.beganAt)))
      .returning({ id: socialRequests.id })
    if (begun.length === 0) return refusalPage(c, SocialRefusal.REPLAYED)
    setCookie(c, cookieName(request.id), browser, { ...COOKIE, maxAge: SOCIAL_LOGIN_TTL_SECONDS })
    c.header('Referrer-Policy', 'no-referrer')
    return c.redirect(started.uri, 303)
  })

  /**
   * The provider sends the visitor back here (GET, or a form POST for Apple). Only the browser
   * that followed the begin link gets further; the code is exchanged here, once, and the
   * verifier destroyed. The frame then gets a one-time result secret: by message from the popup
   * (popup flow), or in the return URL's fragment (redirect flow).
   */
  const callback = async (c: Context, params: URLSearchParams) => {
    const state = params.get('state')
    if (!state) return refusalPage(c, SocialRefusal.STATE_MISMATCH)
    const [request] = await context.db
      .select()
      .from(socialRequests)
      .where(eq(socialRequests.stateHash, secrets.hash(state)))
    if (!request) return refusalPage(c, SocialRefusal.STATE_MISMATCH)
    if (request.answeredAt) return refusalPage(c, SocialRefusal.REPLAYED)
    const now = context.now()
    if (request.expiresAt <= now) return refusalPage(c, SocialRefusal.EXPIRED)
    const cookie = getCookie(c, cookieName(request.id), 'host')
    const sameBrowser = cookie !== undefined && secrets.hash(cookie) === request.browserHash
    // Answered now whatever follows: a code delivered to another browser ends this login.
    const answered = await context.db
      .update(socialRequests)
      .set({ answeredAt: now, codeVerifier: null })
      .where(and(eq(socialRequests.id, request.id), isNull(socialRequests.answeredAt)))
      .returning({ id: socialRequests.id })
    if (answered.length === 0) return refusalPage(c, SocialRefusal.REPLAYED)
    deleteCookie(c, cookieName(request.id), COOKIE)
    if (!sameBrowser) return refusalPage(c, SocialRefusal.OTHER_BROWSER)

    const provider = request.provider as SocialProvider
    let claims: SocialClaims
    try {
      const codeVerifier = new TextDecoder().decode(secrets.open(request.codeVerifier!, verifierContext(request.id)))
      claims = await finishLogin(await providerClient(provider), new URL(`${redirectUri()}?${params}`), {
        state,
        codeVerifier,
        nonce: request.nonce ?? undefined,
      })
    } catch (error) {
      if (error instanceof ApiError) return refusalPage(c, error.message)
      throw error
    }
    const result = newToken()
    await context.db
      .update(socialRequests)
      .set({ resultHash: secrets.hash(result), claims: secrets.seal(text.encode(JSON.stringify(claims)), claimsContext(request.id)) })
      .where(eq(socialRequests.id, request.id))
    if (request.flow === 'popup') return resultPage(c, result, new URL(context.publicUrl).origin)
    const target = new URL(request.returnUrl!)
    target.hash = `${SOCIAL_RESULT_PARAM}=${result}`
    c.header('Referrer-Policy', 'no-referrer')
    return c.redirect(target.href, 303)
  }
  app.get('/v1/social/callback', (c) => callback(c, new URLSearchParams(c.req.query())))
  app.post('/v1/social/callback', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}))
    return callback(c, new URLSearchParams(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string')))
  })

  /**
   * The frame redeems the result secret with its binding. The row is spent by the first
   * presenter of the result, right or wrong: a result that reached someone else is then dead.
   */
  app.post('/v1/social/connect', async (c) => {
    const body = await readBody(c, ConnectBody)
    allowOrigin(context, body)
    const [request] = await context.db
      .select()
      .from(socialRequests)
      .where(eq(socialRequests.resultHash, secrets.hash(body.result)))
    if (!request) throw new ApiError(400, SocialRefusal.STATE_MISMATCH)
    const now = context.now()
    const spent = await context.db
      .update(socialRequests)
      .set({ usedAt: now, claims: null })
      .where(and(eq(socialRequests.id, request.id), isNull(socialRequests.usedAt)))
      .returning({ id: socialRequests.id })
    if (spent.length === 0) throw new ApiError(400, SocialRefusal.REPLAYED)
    if (request.bindingHash !== secrets.hash(body.binding) || request.projectId !== body.projectId || request.hostOrigin !== body.hostOrigin) {
      throw new ApiError(400, SocialRefusal.STATE_MISMATCH)
    }
    if (request.expiresAt <= now) throw new ApiError(400, SocialRefusal.EXPIRED)

    const claims = JSON.parse(new TextDecoder().decode(secrets.open(request.claims!, claimsContext(request.id)))) as SocialClaims
    const result = await signInIdentity(context, {
      provider: request.provider as SocialProvider,
      subject: claims.subject,
      username: claims.username ?? undefined,
      verifiedEmail: claims.verifiedEmail ?? undefined,
      deviceId: body.deviceId,
      projectId: body.projectId,
    })
    return c.json(result)
  })
}
