import { asc, eq, inArray } from 'drizzle-orm'
import { getAddress, isAddress } from 'viem'
import type { NameRecord } from '../../../protocol/api/schemas.ts'
import { isValidRegistrationName } from '../../../protocol/registrationName.ts'
import { type Database, apiTables } from '../../db/index.ts'
import { ApiError } from '../http.ts'

const { apiNames } = apiTables

/** A checked registration (names/registration.ts), ready to store. */
export interface Registration {
  /** Lower case. */
  readonly name: string
  readonly coinType: number
  readonly chainId: string
  /** Canonical form. */
  readonly address: string
  readonly attributes: Record<string, string>
  readonly message: string
  readonly signature: string
}

type Row = typeof apiNames.$inferSelect

/** The wire record of a row: the address under its coin type, as ENS keeps addresses. */
const toRecord = (row: Row): NameRecord => ({
  name: row.name,
  addresses: { [String(row.coinType)]: { chainId: row.chainId, address: row.address, created: row.createdAt.toISOString() } },
  attributes: row.attributes,
})

/** Stores the name, or a 409 NAME_TAKEN: the primary key decides, so two instances never both register one name. */
export async function registerName(db: Database, registration: Registration, now = new Date()): Promise<NameRecord> {
  const [row] = await db
    .insert(apiNames)
    .values({ ...registration, createdAt: now })
    .onConflictDoNothing({ target: apiNames.name })
    .returning()
  if (!row) throw new ApiError(409, 'NAME_TAKEN', `name: "${registration.name}" is already registered`)
  return toRecord(row)
}

/** The record of a name (any case), or undefined. */
export async function recordOf(db: Database, name: string): Promise<NameRecord | undefined> {
  const [row] = await db.select().from(apiNames).where(eq(apiNames.name, name.toLowerCase()))
  return row && toRecord(row)
}

/** The names registered for an address (0x in any case), the first registered first: it is the primary one. */
export async function namesOf(db: Database, address: string): Promise<NameRecord[]> {
  const canonical = isAddress(address, { strict: false }) ? getAddress(address) : address
  const rows = await db.select().from(apiNames).where(eq(apiNames.address, canonical)).orderBy(asc(apiNames.createdAt), asc(apiNames.name))
  return rows.map(toRecord)
}

/** How many free alternatives follow the asked name. */
const ALTERNATIVES = 3

/**
 * The asked name (lower case) with whether it is taken, then free alternatives that pass
 * the name rule: `{name}-1`, `{name}-2`, ... (the first three not registered).
 */
export async function suggestNames(db: Database, asked: string): Promise<{ name: string; registered: boolean }[]> {
  const base = asked.toLowerCase()
  const askable = isValidRegistrationName(base)
  const dashed = Array.from({ length: 9 }, (_, i) => `${base}-${i + 1}`).filter((name) => isValidRegistrationName(name))
  const candidates = askable ? [base, ...dashed] : dashed
  if (candidates.length === 0) return []
  const taken = new Set((await db.select({ name: apiNames.name }).from(apiNames).where(inArray(apiNames.name, candidates))).map((row) => row.name))
  const free = dashed
    .filter((name) => !taken.has(name))
    .slice(0, ALTERNATIVES)
    .map((name) => ({ name, registered: false }))
  return askable ? [{ name: base, registered: taken.has(base) }, ...free] : free
}
