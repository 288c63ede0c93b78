// A real OpenID provider (oidc-provider) on 127.0.0.1 for the demo and the browser tests: one
// confidential client per social provider (google, github, ...), each with the frame server's
// callback, and a login page where the tester picks a user. The frame server reaches it by
// configuration only (an issuer URL), exactly as it reaches accounts.google.com.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { interactionPolicy } from 'oidc-provider'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../protocol/socialProviders.ts'
import type { SocialOptions } from '../../servers/frame/social/providers.ts'

export interface TestUser {
  /** The subject; also the value of its button on the login page. */
  readonly id: string
  readonly name: string
  readonly email?: string
  readonly emailVerified?: boolean
}

/** The users the login page offers unless a test brings its own. */
export const DEMO_OIDC_USERS: readonly TestUser[] = [
  { id: 'alice', name: 'Alice', email: 'alice@example.com', emailVerified: true },
  { id: 'bob', name: 'Bob', email: 'bob@example.com', emailVerified: false },
  { id: 'carol', name: 'Carol' },
  { id: 'dave', name: 'Dave' },
]

export interface OidcProviderOptions {
  /** The frame server's callback (PUBLIC_URL/v1/social/callback), registered for every client. */
  readonly callbackUrl: string
  readonly port?: number
  readonly users?: readonly TestUser[]
}

export interface LocalOidcProvider {
  readonly issuer: string
  /** The frame server's `socials` option: every provider pointed at this issuer, each with its own client. */
  readonly socials: SocialOptions
  /** Requests its user endpoint has answered so far (Apple has none: its logins must not ask it). */
  readonly userinfoRequests: number
  close(): Promise<void>
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The login page: one button per user, a plain form (no script, no inline style: the CSP allows none). */
function loginPage(uid: string, client: string, users: readonly TestUser[]): string {
  const buttons = users
    .map((user) => `<li><button type="submit" name="user" value="${escape(user.id)}">${escape(user.name)}${user.email ? ` (${escape(user.email)})` : ''}</button></li>`)
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local OpenID provider: sign in</title></head>
<body><main><h1>Sign in to ${escape(client)}</h1><p>Local OpenID provider for the Portico demo. Pick a test user.</p>
<form method="post" action="/interaction/${escape(uid)}/login"><ul>${buttons}</ul></form></main></body></html>`
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let text = ''
  for await (const chunk of req) {
    text += chunk
    if (text.length > 4096) break
  }
  return new URLSearchParams(text)
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<LocalOidcProvider> {
  const users = options.users ?? DEMO_OIDC_USERS
  const secrets = Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, randomBytes(24).toString('base64url')])) as Record<SocialProvider, string>
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  const server: Server = createServer((req, res) => handle!(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  // Google's `prompt=select_account`: the login page is the account picker, so asking for it is honoured.
  const policy = interactionPolicy.base()
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }))
  let userinfoRequests = 0

  const provider = new Provider(issuer, {
    clients: SOCIAL_PROVIDERS.map((p) => ({
      client_id: `portico-${p}`,
      client_name: p,
      client_secret: secrets[p],
      redirect_uris: [options.callbackUrl],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    async findAccount(_ctx, id) {
      const user = users.find((u) => u.id === id)
      if (!user) return undefined
      return {
        accountId: user.id,
        claims: async () => ({
          sub: user.id,
          name: user.name,
          preferred_username: user.id,
          ...(user.email ? { email: user.email, email_verified: user.emailVerified ?? false } : {}),
        }),
      }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // Apple puts who logged in in the ID token (it has no user endpoint): the ID token carries the scope's claims.
    conformIdTokenClaims: false,
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // A signing key of its own per run (ID tokens live minutes), instead of the library's development key.
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'demo' }] },
  })
  const callback = provider.callback()

  handle = (req, res) => {
    const pathname = new URL(req.url ?? '/', issuer).pathname
    if (pathname === '/me') userinfoRequests += 1
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(pathname)
    if (!match) return void callback(req, res)
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res)
        if (!match[2]) {
          res.writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
            'cache-control': 'no-store',
          })
          return void res.end(loginPage(details.uid, String(details.params.client_id).replace(/^portico-/, ''), users))
        }
        const accountId = (await formOf(req)).get('user') ?? ''
        if (req.method !== 'POST' || !users.some((u) => u.id === accountId)) {
          res.writeHead(400, { 'content-type': 'text/plain' })
          return void res.end('Pick one of the listed users')
        }
        // Login and consent in one step: the tester picked the user, the demo's clients are trusted.
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
        grant.addOIDCScope(String(details.params.scope))
        const grantId = await grant.save()
        await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId }, select_account: {} }, { mergeWithLastSubmission: false })
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' })
        res.end(`Login failed: ${(error as Error).message}`)
      }
    })()
  }

  return {
    issuer,
    socials: Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, { clientId: `portico-${p}`, clientSecret: secrets[p], issuer }])),
    get userinfoRequests() {
      return userinfoRequests
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
