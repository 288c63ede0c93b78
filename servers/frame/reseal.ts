import { and, eq, isNotNull, or } from 'drizzle-orm'
import { frameTables, openDatabase, type Database } from '../db/index.ts'
import type { FrameServerOptions } from './options.ts'
import { claimsContext, shareContext, verifierContext } from './sealedContexts.ts'
import { createSecrets, parseKeyRing, type Secrets } from './secrets.ts'

const { keyShares, socialRequests } = frameTables

export interface ResealReport {
  /** Sealed values read. */
  checked: number
  /** Of them, sealed again under the newest key (they named an older one, or none). */
  resealed: number
}

/**
 * Seals every sealed value (the key shares, a social login's verifier and answer) again under
 * the newest key-encryption key. Each row is written only if it still holds what was read: a
 * device that re-uploads its shares meanwhile keeps its new ones. Run it after putting a new key
 * in front; once it reports nothing left (a second run re-seals 0), drop the old key.
 */
export async function resealAll(db: Database, secrets: Secrets): Promise<ResealReport> {
  const report: ResealReport = { checked: 0, resealed: 0 }
  const again = (sealed: string, context: string) => {
    report.checked += 1
    if (!secrets.isStale(sealed)) return sealed
    report.resealed += 1
    return secrets.seal(secrets.open(sealed, context), context)
  }
  for (const row of await db.select().from(keyShares)) {
    const authShare = again(row.authShare, shareContext('auth', row.userId, row.deviceId, row.namespace))
    const recoveryShare = again(row.recoveryShare, shareContext('recovery', row.userId, row.deviceId, row.namespace))
    if (authShare === row.authShare && recoveryShare === row.recoveryShare) continue
    await db
      .update(keyShares)
      .set({ authShare, recoveryShare })
      .where(
        and(
          eq(keyShares.userId, row.userId),
          eq(keyShares.deviceId, row.deviceId),
          eq(keyShares.namespace, row.namespace),
          eq(keyShares.authShare, row.authShare),
          eq(keyShares.recoveryShare, row.recoveryShare),
        ),
      )
  }
  const logins = await db
    .select({ id: socialRequests.id, codeVerifier: socialRequests.codeVerifier, claims: socialRequests.claims })
    .from(socialRequests)
    .where(or(isNotNull(socialRequests.codeVerifier), isNotNull(socialRequests.claims)))
  for (const row of logins) {
    const codeVerifier = row.codeVerifier && again(row.codeVerifier, verifierContext(row.id))
    const claims = row.claims && again(row.claims, claimsContext(row.id))
    if (codeVerifier === row.codeVerifier && claims === row.claims) continue
    // A login that moved on meanwhile (its verifier destroyed, its answer stored) is left to its next step.
    const unchanged = and(
      eq(socialRequests.id, row.id),
      row.codeVerifier === null ? undefined : eq(socialRequests.codeVerifier, row.codeVerifier),
      row.claims === null ? undefined : eq(socialRequests.claims, row.claims),
    )
    await db.update(socialRequests).set({ codeVerifier, claims }).where(unchanged)
  }
  return report
}

/** `npm run frame-reseal`: the same database and keys as the server (its environment), re-sealed once. */
export async function resealDatabase(options: Pick<FrameServerOptions, 'database' | 'keyEncryptionKey' | 'sessionSecret'>): Promise<ResealReport> {
  const secrets = createSecrets(parseKeyRing(options.keyEncryptionKey), options.sessionSecret)
  if ('db' in options.database) return resealAll(options.database.db, secrets)
  const opened = await openDatabase(options.database)
  try {
    return await resealAll(opened.db, secrets)
  } finally {
    await opened.close()
  }
}
