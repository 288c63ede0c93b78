import { and, eq } from 'drizzle-orm'
import { frameTables } from '../../db/index.ts'
import type { FrameContext } from '../context.ts'
import { createSession } from '../store/sessions.ts'

const { devices, keyShares, socialIdentities, users, wallets } = frameTables

/** Who a social provider (or Farcaster) says logged in, on which device, for which project. */
export interface IdentityLogin {
  readonly provider: string
  readonly subject: string
  readonly username: string | undefined
  /** Set only when the provider asserts the address is verified: only then may it join an email user. */
  readonly verifiedEmail: string | undefined
  readonly deviceId: string
  readonly projectId: string
}

/**
 * Binds the identity (provider + subject) to its user, made on its first login, and opens a
 * session on the device: the answer a social or Farcaster login gives the frame.
 */
export async function signInIdentity(context: FrameContext, login: IdentityLogin) {
  const now = context.now()
  const { provider, subject, deviceId } = login
  return context.db.transaction(async (db) => {
    const [known] = await db
      .select({ userId: socialIdentities.userId })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    let userId = known?.userId
    if (!userId && login.verifiedEmail) {
      // Only an email the provider verified reaches the wallet of the user who logs in with it.
      await db.insert(users).values({ email: login.verifiedEmail, createdAt: now }).onConflictDoNothing({ target: users.email })
      ;[{ id: userId } = { id: undefined }] = await db.select({ id: users.id }).from(users).where(eq(users.email, login.verifiedEmail))
    }
    if (!userId) [{ id: userId }] = (await db.insert(users).values({ email: null, createdAt: now }).returning({ id: users.id })) as [{ id: string }]
    await db
      .insert(socialIdentities)
      .values({ provider, subject, userId, username: login.username ?? null, createdAt: now })
      .onConflictDoUpdate({ target: [socialIdentities.provider, socialIdentities.subject], set: { username: login.username ?? null } })
    const [user] = await db.select().from(users).where(eq(users.id, userId))
    await db.insert(devices).values({ userId, deviceId, approvedAt: now }).onConflictDoNothing()
    const walletRows = await db.select({ namespace: wallets.namespace }).from(wallets).where(eq(wallets.userId, userId))
    const ownShares = await db
      .select({ namespace: keyShares.namespace })
      .from(keyShares)
      .where(and(eq(keyShares.userId, userId), eq(keyShares.deviceId, deviceId)))
    // As after an email code: a device without its own split of existing wallets may fetch another's to split anew.
    const recovery = walletRows.length > 0 && ownShares.length === 0
    const tokens = await createSession(db, context, { userId, deviceId, recovery, projectId: login.projectId })
    return { ...tokens, user: { id: userId, email: user!.email }, recovery, userName: login.username ?? null }
  })
}
