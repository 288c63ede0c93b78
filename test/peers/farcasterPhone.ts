// A test client playing the visitor's Farcaster app: it reads the channel's url (the QR code),
// builds the Sign In With Farcaster message (a SIWE message naming the fid), signs it with the
// account's custody key and posts it to the relay, as a Farcaster app does. `tamper` changes a
// field or the signer, for the refusal tests.
import type { Hex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { privateKeyToAccount } from 'viem/accounts'

export interface FarcasterAccount {
  readonly fid: number
  readonly custodyKey: Hex
  readonly username: string
}

export interface Tamper {
  readonly domain?: string
  readonly nonce?: string
  readonly expirationTime?: Date
  /** Signs with this key instead of the custody key (the message still names the custody address). */
  readonly signerKey?: Hex
  /** Names another fid in the message than the one posted to the relay. */
  readonly messageFid?: number
}

export async function authenticateChannel(
  relay: { readonly url: string; readonly authKey: string },
  channelUrl: string,
  account: FarcasterAccount,
  tamper: Tamper = {},
): Promise<void> {
  const params = new URL(channelUrl).searchParams
  const required = (name: string) => {
    const value = params.get(name)
    if (!value) throw new Error(`the channel url has no ${name}`)
    return value
  }
  const custody = privateKeyToAccount(account.custodyKey)
  const expiration = tamper.expirationTime ?? (params.get('expirationTime') ? new Date(required('expirationTime')) : undefined)
  const message = createSiweMessage({
    domain: tamper.domain ?? required('domain'),
    address: custody.address,
    statement: 'Farcaster Auth',
    uri: required('siweUri'),
    version: '1',
    chainId: 10,
    nonce: tamper.nonce ?? required('nonce'),
    issuedAt: new Date(),
    ...(expiration ? { expirationTime: expiration } : {}),
    resources: [`farcaster://fid/${tamper.messageFid ?? account.fid}`],
  })
  const signature = await privateKeyToAccount(tamper.signerKey ?? account.custodyKey).signMessage({ message })
  const response = await fetch(`${relay.url}/v1/channel/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${required('channelToken')}`, 'x-farcaster-auth-relay-key': relay.authKey },
    body: JSON.stringify({ message, signature, fid: account.fid, username: account.username, bio: '', displayName: account.username, pfpUrl: '' }),
  })
  if (response.status !== 201) throw new Error(`the relay refused the authentication: ${response.status} ${await response.text()}`)
}
