import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import { frameTables } from '../../db/index.ts'
import type { ClientInfo } from '../client.ts'
import type { FrameContext } from '../context.ts'
import { newToken } from '../secrets.ts'

const { deviceApprovals, devices, users } = frameTables

/** Whether the user with this email already approved this device (then a code goes straight out). */
export async function isKnownDevice(db: Database, email: string, deviceId: string): Promise<boolean> {
  const rows = await db
    .select({ deviceId: devices.deviceId })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(and(eq(users.email, email), eq(devices.deviceId, deviceId)))
  return rows.length > 0
}

/** Records an approval request, with what its page shows, and returns the link token to mail (only its hash is stored). */
export async function requestApproval(
  db: Database,
  context: FrameContext,
  now: Date,
  request: { email: string; deviceId: string; projectId: string; client: ClientInfo },
): Promise<string> {
  const token = newToken()
  await db.insert(deviceApprovals).values({
    email: request.email,
    deviceId: request.deviceId,
    projectId: request.projectId,
    device: request.client.device,
    network: request.client.network,
    tokenHash: context.secrets.hash(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + context.limits.deviceLinkTtlSeconds * 1000),
  })
  return token
}

/** The live request a mailed link names, for its page: nothing changes by reading it. */
export async function approvalByToken(context: FrameContext, token: string) {
  const [row] = await context.db
    .select()
    .from(deviceApprovals)
    .where(and(eq(deviceApprovals.tokenHash, context.secrets.hash(token)), gt(deviceApprovals.expiresAt, context.now())))
  return row
}

/** Approves from the link page's own button (a POST): 'approved' the first time, 'already' after, 'invalid' for an unknown or expired token. */
export async function approveByToken(context: FrameContext, token: string): Promise<'approved' | 'already' | 'invalid'> {
  const now = context.now()
  const tokenHash = context.secrets.hash(token)
  const approved = await context.db
    .update(deviceApprovals)
    .set({ approvedAt: now })
    .where(and(eq(deviceApprovals.tokenHash, tokenHash), isNull(deviceApprovals.approvedAt), gt(deviceApprovals.expiresAt, now)))
    .returning({ id: deviceApprovals.id })
  if (approved.length > 0) return 'approved'
  const [row] = await context.db.select({ approvedAt: deviceApprovals.approvedAt }).from(deviceApprovals).where(eq(deviceApprovals.tokenHash, tokenHash))
  return row?.approvedAt ? 'already' : 'invalid'
}

/** The latest approval request of this email on this device, if any. */
export async function latestApproval(db: Database, email: string, deviceId: string) {
  const [row] = await db
    .select()
    .from(deviceApprovals)
    .where(and(eq(deviceApprovals.email, email), eq(deviceApprovals.deviceId, deviceId)))
    .orderBy(desc(deviceApprovals.createdAt))
    .limit(1)
  return row
}

/** Claims the right to mail the code after an approval: true for exactly one caller. */
export async function claimCodeAfterApproval(db: Database, approvalId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(deviceApprovals)
    .set({ codeSentAt: now })
    .where(and(eq(deviceApprovals.id, approvalId), isNull(deviceApprovals.codeSentAt)))
    .returning({ id: deviceApprovals.id })
  return claimed.length > 0
}
