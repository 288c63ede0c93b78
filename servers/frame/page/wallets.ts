import * as v from 'valibot'
import type { Api } from './api.ts'
import { asDeviceWaiting } from './consent.ts'
import { type Namespace, NAMESPACES, addressOf, generateSecret } from './keys.ts'
import type { Keystore } from './keystore.ts'
import type { SessionStore } from './session.ts'
import { combineShares, fromBase64, splitKey, toBase64 } from './shares.ts'

const Me = v.object({
  user: v.object({ id: v.string(), email: v.nullable(v.string()) }),
  wallets: v.object({ eip155: v.optional(v.string()), solana: v.optional(v.string()) }),
})
export type Me = v.InferOutput<typeof Me>
const AuthShare = v.object({ share: v.string() })
const RecoveryShares = v.object({ authShare: v.string(), recoveryShare: v.string() })

export const NO_DEVICE_SHARE = 'This device has no key share for this account: sign in again to approve it'
const MISMATCH = 'The key shares do not rebuild this account’s key'

/**
 * The user's keys, which exist whole only inside these functions: on a first login
 * they are made and split; a known device rebuilds one from its own share and the
 * auth share; a new device (a recovery session) rebuilds it from the server's two
 * shares and splits it anew for itself. Addresses never change.
 */
export function createWallets(api: Api, keystore: Keystore, session: SessionStore) {
  const me = () => api.call('GET', '/v1/me', Me, { auth: true })

  /** Rebuilds a key, checks it against the account's address and hands it to `use`; the bytes are zeroed after. */
  async function withSecret<T>(account: Me, namespace: Namespace, first: Uint8Array, second: Uint8Array, use: (secret: Uint8Array) => Promise<T>): Promise<T> {
    const secret = await combineShares(first, second)
    try {
      if (addressOf(namespace, secret) !== account.wallets[namespace]) throw new Error(MISMATCH)
      return await use(secret)
    } finally {
      secret.fill(0)
    }
  }

  /** Run right after a login: makes sure this device can sign for every namespace. */
  async function setUp(): Promise<Me> {
    const account = await me()
    const userId = account.user.id
    const deviceId = await keystore.deviceId()
    const uploads: { namespace: Namespace; address: string; authShare: string; recoveryShare: string }[] = []
    const deviceShares: [Namespace, Uint8Array][] = []
    const addShares = async (namespace: Namespace, secret: Uint8Array) => {
      const shares = await splitKey(secret)
      const address = addressOf(namespace, secret)
      uploads.push({ namespace, address, authShare: toBase64(shares.auth), recoveryShare: toBase64(shares.recovery) })
      deviceShares.push([namespace, shares.device])
      return address
    }
    for (const namespace of NAMESPACES) {
      if (!account.wallets[namespace]) {
        const secret = generateSecret(namespace)
        account.wallets[namespace] = await addShares(namespace, secret)
        secret.fill(0)
      } else if (await keystore.loadDeviceShare(userId, namespace)) {
      } else if (session.get()?.recovery) {
        // Held until an existing device approves this one, or the announced delay passes.
        const { authShare, recoveryShare } = await api.call('GET', '/v1/shares/recovery', RecoveryShares, { auth: true, query: { namespace } }).catch((error: unknown) => {
          throw asDeviceWaiting(error)
        })
        await withSecret(account, namespace, fromBase64(authShare), fromBase64(recoveryShare), (secret) => addShares(namespace, secret))
      } else {
        throw new Error(NO_DEVICE_SHARE)
      }
    }
    if (uploads.length > 0) {
      await api.call('PUT', '/v1/wallets', undefined, { auth: true, body: { deviceId, wallets: uploads } })
      // Kept only once the server holds the other two shares: a device share alone is useless.
      for (const [namespace, share] of deviceShares) await keystore.saveDeviceShare(userId, namespace, share)
    }
    return account
  }

  /** Rebuilds the namespace's key from this device's share and the auth share, for one use. */
  async function useKey<T>(namespace: Namespace, use: (secret: Uint8Array) => Promise<T>): Promise<T> {
    const account = await me()
    const device = await keystore.loadDeviceShare(account.user.id, namespace)
    if (!device) throw new Error(NO_DEVICE_SHARE)
    const deviceId = await keystore.deviceId()
    const { share } = await api.call('GET', '/v1/shares/auth', AuthShare, { auth: true, query: { deviceId, namespace } })
    return withSecret(account, namespace, device, fromBase64(share), use)
  }

  return { me, setUp, useKey }
}
export type Wallets = ReturnType<typeof createWallets>
