import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import { frameTables } from '../../db/index.ts'
import type { FrameContext } from '../context.ts'
import { createSession, type IssuedTokens } from './sessions.ts'

const { devices, keyShares, wallets } = frameTables

/**
 * A proven login of a user on a device: the device becomes known and a session opens. A device
 * without its own split of wallets that exist gets a recovery session: it may fetch another
 * device's split to split anew, under the new-device consent rules (routes/consent.ts).
 */
export async function openDeviceLogin(
  db: Database,
  context: FrameContext,
  login: { userId: string; deviceId: string; projectId: string },
): Promise<IssuedTokens & { recovery: boolean }> {
  await db.insert(devices).values({ userId: login.userId, deviceId: login.deviceId, approvedAt: context.now() }).onConflictDoNothing()
  const walletRows = await db.select({ namespace: wallets.namespace }).from(wallets).where(eq(wallets.userId, login.userId))
  const ownShares = await db
    .select({ namespace: keyShares.namespace })
    .from(keyShares)
    .where(and(eq(keyShares.userId, login.userId), eq(keyShares.deviceId, login.deviceId)))
  const recovery = walletRows.length > 0 && ownShares.length === 0
  return { ...(await createSession(db, context, { ...login, recovery })), recovery }
}
