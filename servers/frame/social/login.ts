import * as client from 'openid-client'
import { redactText } from '../../common/redactText.ts'
import { ApiError } from '../http.ts'
import { type SocialClaims, type SocialProviderClient, oidcClaims } from './providers.ts'

/** The refusals a social login can meet; the frame shows them as they are. */
export const SocialRefusal = {
  NOT_CONFIGURED: 'This social login is not configured on the frame server',
  STATE_MISMATCH: 'State mismatch: this login was not started here',
  REPLAYED: 'This login was already used: start again',
  EXPIRED: 'This login expired (its nonce is too old): start again',
  OTHER_BROWSER: 'This login was started in another browser: start it again from the site, in this browser',
  CODE_REFUSED: 'The provider refused the login code (already used or expired)',
  WRONG_ISSUER: 'Wrong issuer: the answer did not come from the configured provider',
  NONCE_MISMATCH: 'Nonce mismatch: the ID token was not issued for this login',
  CANCELLED: 'The login was cancelled or refused at the provider',
  PROVIDER_FAILED: 'The provider did not answer as expected',
} as const

/** What a login's begin keeps on its row (state hashed, verifier sealed), and the provider's address the visitor goes to. */
export interface StartedLogin {
  readonly state: string
  readonly codeVerifier: string
  readonly nonce: string | undefined
  readonly uri: string
}

export async function startLogin(provider: SocialProviderClient, redirectUri: string): Promise<StartedLogin> {
  const state = client.randomState()
  const codeVerifier = client.randomPKCECodeVerifier()
  const nonce = provider.oidc ? client.randomNonce() : undefined
  const url = client.buildAuthorizationUrl(provider.config, {
    redirect_uri: redirectUri,
    scope: provider.scope,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
    ...(provider.selectAccount ? { prompt: 'select_account' } : {}),
    ...(provider.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
  })
  return { state, codeVerifier, nonce, uri: url.href }
}

/** openid-client's error, worded for the visitor; the cause goes to the server's log only. */
function refusalOf(error: unknown): ApiError {
  if (error instanceof client.AuthorizationResponseError) return new ApiError(400, `${SocialRefusal.CANCELLED}: ${error.error}`)
  if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') return new ApiError(400, SocialRefusal.CODE_REFUSED)
  // openid-client wraps oauth4webapi's finding ('unexpected "iss" ...') as the cause.
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}` : ''
  if (/"iss"/.test(text)) return new ApiError(400, SocialRefusal.WRONG_ISSUER)
  if (/"nonce"/.test(text)) return new ApiError(400, SocialRefusal.NONCE_MISMATCH)
  console.error('frame server: social login:', redactText(text))
  return new ApiError(400, SocialRefusal.PROVIDER_FAILED)
}

/**
 * Exchanges the code of a callback (its parameters, from the query or Apple's form) for who
 * logged in: the PKCE verifier, the expected state and, with OpenID Connect, the ID token's
 * issuer, audience and nonce are all checked by openid-client. Apple has no user endpoint:
 * its verified ID token says who logged in.
 */
export async function finishLogin(
  provider: SocialProviderClient,
  callbackUrl: URL,
  checks: { state: string; codeVerifier: string; nonce: string | undefined },
): Promise<SocialClaims> {
  try {
    const tokens = await client.authorizationCodeGrant(provider.config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      ...(checks.nonce ? { expectedNonce: checks.nonce } : {}),
      idTokenExpected: provider.oidc,
    })
    if (provider.claimsFrom === 'idToken') return oidcClaims(tokens.claims())
    if (provider.oidc) {
      const subject = tokens.claims()!.sub
      return oidcClaims(await client.fetchUserInfo(provider.config, tokens.access_token, subject))
    }
    const response = await client.fetchProtectedResource(provider.config, tokens.access_token, new URL(provider.userinfo!), 'GET')
    if (!response.ok) throw new Error(`user endpoint answered ${response.status}`)
    return provider.claims!(await response.json())
  } catch (error) {
    throw refusalOf(error)
  }
}
