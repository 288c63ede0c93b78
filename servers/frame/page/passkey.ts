/**
 * The passkey ceremonies, run in the frame's own document (never the host page): the frame's
 * origin is the relying party, so a passkey made here answers only here. Options come from the
 * frame server as WebAuthn's JSON; the answer goes back as JSON. PRF's output, when an
 * authenticator gives one, stays in this document: only whether PRF is enabled is sent.
 */

/** The frame server's API as the ceremonies use it: a JSON POST, with the session's token when `auth`. */
export interface PasskeyApi {
  post(path: string, body: Record<string, unknown>, auth?: boolean): Promise<unknown>
}

type Json = Record<string, any>

const toBytes = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  )
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
const toText = (bytes: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** A credential descriptor list from its JSON. */
const descriptors = (list: readonly Json[] | undefined): PublicKeyCredentialDescriptor[] | undefined =>
  list?.map((item) => ({ type: 'public-key', id: toBytes(item.id as string), transports: item.transports as AuthenticatorTransport[] | undefined }))

/** Whether the authenticator enabled PRF (or evaluated it: then it has it). */
function prfEnabled(credential: PublicKeyCredential): boolean {
  const prf = (credential.getClientExtensionResults() as { prf?: { enabled?: boolean; results?: unknown } }).prf
  return prf?.enabled === true || prf?.results !== undefined
}

/** A credential as the server reads it (binary as base64url): the fields both ceremonies share, then the ceremony's own. */
const credentialJson = (credential: PublicKeyCredential, response: Json, clientExtensionResults: Json = {}): Json => ({
  id: credential.id,
  rawId: toText(credential.rawId),
  type: 'public-key',
  response: { clientDataJSON: toText(credential.response.clientDataJSON), ...response },
  ...(credential.authenticatorAttachment ? { authenticatorAttachment: credential.authenticatorAttachment } : {}),
  clientExtensionResults,
})

/** navigator.credentials.create() from the server's creation options; the answer as the server reads it. */
export async function createCredential(options: Json): Promise<Json> {
  const credential = (await navigator.credentials.create({
    publicKey: {
      ...(options as PublicKeyCredentialCreationOptions),
      challenge: toBytes(options.challenge as string),
      user: { name: options.user.name as string, displayName: options.user.displayName as string, id: toBytes(options.user.id as string) },
      excludeCredentials: descriptors(options.excludeCredentials as Json[] | undefined),
    },
  })) as PublicKeyCredential | null
  if (!credential) throw new Error('No passkey was created')
  const response = credential.response as AuthenticatorAttestationResponse
  return credentialJson(
    credential,
    { attestationObject: toText(response.attestationObject), transports: response.getTransports?.() ?? [] },
    { prf: { enabled: prfEnabled(credential) } },
  )
}

/** navigator.credentials.get() for a discoverable credential (the browser offers the visitor's passkeys for this origin). */
export async function getAssertion(options: Json): Promise<Json> {
  const credential = (await navigator.credentials.get({
    publicKey: {
      ...(options as PublicKeyCredentialRequestOptions),
      challenge: toBytes(options.challenge as string),
      allowCredentials: descriptors(options.allowCredentials as Json[] | undefined),
    },
  })) as PublicKeyCredential | null
  if (!credential) throw new Error('No passkey was chosen')
  const response = credential.response as AuthenticatorAssertionResponse
  return credentialJson(credential, {
    authenticatorData: toText(response.authenticatorData),
    signature: toText(response.signature),
    ...(response.userHandle ? { userHandle: toText(response.userHandle) } : {}),
  })
}

/** A new account with a new passkey: the server's verified login (tokens, user, recovery), as after an email code. */
export async function passkeySignUp(api: PasskeyApi, deviceId: string): Promise<unknown> {
  const options = (await api.post('/v1/passkey/signup/options', { deviceId })) as Json
  return api.post('/v1/passkey/signup/verify', { deviceId, response: await createCredential(options) })
}

/** A login with a passkey this device's browser (or a phone nearby) holds. */
export async function passkeyLogIn(api: PasskeyApi, deviceId: string): Promise<unknown> {
  const options = (await api.post('/v1/passkey/login/options', { deviceId })) as Json
  return api.post('/v1/passkey/login/verify', { deviceId, response: await getAssertion(options) })
}

/** A passkey added to the signed-in account (an email or social login). */
export async function passkeyAdd(api: PasskeyApi, deviceId: string): Promise<unknown> {
  const options = (await api.post('/v1/passkey/add/options', { deviceId }, true)) as Json
  return api.post('/v1/passkey/add/verify', { deviceId, response: await createCredential(options) }, true)
}
