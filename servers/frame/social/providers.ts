import * as client from 'openid-client'
import * as v from 'valibot'
import type { SocialProvider } from '../../../protocol/socialProviders.ts'

/** Who the provider says logged in. */
export interface SocialClaims {
  readonly subject: string
  readonly username: string | undefined
  /** Set only when the provider asserts the address is verified: only then may it join an email user. */
  readonly verifiedEmail: string | undefined
}

/** A provider's OAuth 2.0 endpoints, for one without OpenID Connect discovery. */
export interface OAuthEndpoints {
  readonly authorization: string
  readonly token: string
  readonly userinfo: string
}

/** How the frame server reaches one provider, from its environment. */
export interface SocialProviderOptions {
  readonly clientId: string
  readonly clientSecret: string
  /** OpenID Connect: the issuer, discovered at start of the first login (state, PKCE and nonce). */
  readonly issuer?: string
  /** OAuth 2.0 only (state and PKCE): the endpoints, when there is no issuer. */
  readonly endpoints?: OAuthEndpoints
  /** Default: the provider's own scope ('openid email profile' for a provider that is OAuth 2.0 only by default but given an issuer). */
  readonly scope?: string
}

export type SocialOptions = Partial<Record<SocialProvider, SocialProviderOptions>>

/** What each provider is by default: an OpenID issuer, or OAuth 2.0 endpoints with a user endpoint read by `claims`. */
interface ProviderDefaults {
  readonly issuer?: string
  readonly endpoints?: OAuthEndpoints
  readonly scope: string
  /** Reads the user endpoint's answer of an OAuth 2.0 provider. */
  readonly claims?: (body: unknown) => SocialClaims
  /** The provider honours `prompt=select_account`: the visitor picks the account instead of the one signed in silently going through. */
  readonly selectAccount: boolean
  /**
   * Apple: the answer comes as a form POST (`response_mode=form_post`, required with the
   * email scope), and who logged in is read from the ID token, as Apple has no user endpoint.
   */
  readonly apple?: true
}

const Id = v.union([v.pipe(v.string(), v.minLength(1), v.maxLength(255)), v.pipe(v.number(), v.integer(), v.transform(String))])
const Name = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255))))

const GitHubUser = v.object({ id: Id, login: Name })
const XUser = v.object({ data: v.object({ id: Id, username: Name }) })
const DiscordUser = v.object({ id: Id, username: Name, email: v.optional(v.nullable(v.string())), verified: v.optional(v.boolean()) })
const FacebookUser = v.object({ id: Id, name: Name })

const claimsOf =
  <S extends v.GenericSchema>(schema: S, read: (user: v.InferOutput<S>) => SocialClaims) =>
  (body: unknown) =>
    read(v.parse(schema, body))

export const PROVIDER_DEFAULTS: Record<SocialProvider, ProviderDefaults> = {
  google: { issuer: 'https://accounts.google.com', scope: 'openid email profile', selectAccount: true },
  apple: { issuer: 'https://appleid.apple.com', scope: 'openid email', selectAccount: false, apple: true },
  github: {
    endpoints: {
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
      userinfo: 'https://api.github.com/user',
    },
    scope: 'read:user',
    selectAccount: true,
    claims: claimsOf(GitHubUser, (u) => ({ subject: u.id, username: u.login ?? undefined, verifiedEmail: undefined })),
  },
  x: {
    endpoints: {
      authorization: 'https://x.com/i/oauth2/authorize',
      token: 'https://api.x.com/2/oauth2/token',
      userinfo: 'https://api.x.com/2/users/me',
    },
    scope: 'users.read tweet.read',
    selectAccount: false,
    claims: claimsOf(XUser, (u) => ({ subject: u.data.id, username: u.data.username ?? undefined, verifiedEmail: undefined })),
  },
  discord: {
    endpoints: {
      authorization: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
      userinfo: 'https://discord.com/api/users/@me',
    },
    scope: 'identify email',
    selectAccount: false,
    claims: claimsOf(DiscordUser, (u) => ({
      subject: u.id,
      username: u.username ?? undefined,
      verifiedEmail: u.verified === true && u.email ? u.email.toLowerCase() : undefined,
    })),
  },
  facebook: {
    endpoints: {
      authorization: 'https://www.facebook.com/v19.0/dialog/oauth',
      token: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfo: 'https://graph.facebook.com/me?fields=id,name',
    },
    scope: 'public_profile',
    selectAccount: false,
    claims: claimsOf(FacebookUser, (u) => ({ subject: u.id, username: u.name ?? undefined, verifiedEmail: undefined })),
  },
}

/** The claims of an OpenID Connect login: the id_token's subject, the user endpoint's email and name. */
const OidcUser = v.object({
  sub: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  email: v.optional(v.nullable(v.string())),
  email_verified: v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])])),
  preferred_username: Name,
  name: Name,
})

export function oidcClaims(body: unknown): SocialClaims {
  const user = v.parse(OidcUser, body)
  const verified = user.email_verified === true || user.email_verified === 'true'
  return {
    subject: user.sub,
    username: user.preferred_username ?? user.name ?? user.email ?? undefined,
    verifiedEmail: verified && user.email ? user.email.toLowerCase() : undefined,
  }
}

/** A provider ready for logins: its openid-client configuration, scope, and how to read who logged in. */
export interface SocialProviderClient {
  readonly provider: SocialProvider
  readonly oidc: boolean
  readonly scope: string
  readonly config: client.Configuration
  /** For OAuth 2.0 providers: the user endpoint. */
  readonly userinfo: string | undefined
  readonly claims: ((body: unknown) => SocialClaims) | undefined
  /** Asks for `prompt=select_account`. */
  readonly selectAccount: boolean
  /** 'form_post' for Apple: its answer is a POST to the callback. */
  readonly responseMode: 'query' | 'form_post'
  /** Who logged in: the ID token's claims (Apple), or the user endpoint's answer. */
  readonly claimsFrom: 'idToken' | 'userinfo'
}

/** Plain http is allowed only for a provider on this machine (the demo's and the tests' local one). */
const isLocal = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url)

/**
 * Each configured provider's client, made on first use (OpenID discovery is a request) and
 * kept; a failed discovery is retried on the next login rather than kept.
 */
export function createSocialClients(options: SocialOptions) {
  const made = new Map<SocialProvider, Promise<SocialProviderClient>>()

  async function make(provider: SocialProvider): Promise<SocialProviderClient> {
    const own = options[provider]!
    const defaults = PROVIDER_DEFAULTS[provider]
    const issuer = own.issuer ?? (own.endpoints ? undefined : defaults.issuer)
    const auth = client.ClientSecretPost(own.clientSecret)
    const behaviour = {
      selectAccount: defaults.selectAccount,
      responseMode: defaults.apple ? ('form_post' as const) : ('query' as const),
      claimsFrom: defaults.apple ? ('idToken' as const) : ('userinfo' as const),
    }
    if (issuer) {
      const execute = isLocal(issuer) ? [client.allowInsecureRequests] : []
      const config = await client.discovery(new URL(issuer), own.clientId, undefined, auth, { execute })
      return { provider, oidc: true, scope: own.scope ?? (defaults.issuer ? defaults.scope : 'openid email profile'), config, userinfo: undefined, claims: undefined, ...behaviour }
    }
    const endpoints = own.endpoints ?? defaults.endpoints!
    const config = new client.Configuration(
      { issuer: new URL(endpoints.authorization).origin, authorization_endpoint: endpoints.authorization, token_endpoint: endpoints.token },
      own.clientId,
      undefined,
      auth,
    )
    if (isLocal(endpoints.token)) client.allowInsecureRequests(config)
    return { provider, oidc: false, scope: own.scope ?? defaults.scope, config, userinfo: endpoints.userinfo, claims: defaults.claims, ...behaviour }
  }

  return {
    configured: (provider: SocialProvider) => options[provider] !== undefined,
    get(provider: SocialProvider): Promise<SocialProviderClient> {
      let client = made.get(provider)
      if (!client) {
        client = make(provider)
        made.set(provider, client)
        client.catch(() => made.delete(provider))
      }
      return client
    },
  }
}

export type SocialClients = ReturnType<typeof createSocialClients>
