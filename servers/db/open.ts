import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { inMemoryStart } from './inMemoryStart.ts'
import { schema } from './schema/index.ts'

export type Schema = typeof schema
/** The query builder every server uses; the same type over PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

/** Where the database lives: a PGlite data folder, PGlite in memory (tests), or a Postgres server. */
export type DatabaseLocation = { dataDir: string } | { memory: true } | { url: string }

export interface OpenedDatabase {
  readonly db: Database
  readonly kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** The committed SQL migrations next to this module (a bundle keeps the URL: servers/bundle.mjs). */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations/', import.meta.url))

/** Instances starting together on one Postgres take turns to migrate (pg_advisory_lock key). */
const MIGRATION_LOCK = 0x706f7274 // 'port'

/**
 * Opens the database and applies the migrations (idempotent: drizzle records the applied
 * ones), so a server never runs on an older schema than its code. PGlite takes seconds to
 * open a new folder: open once per process.
 */
export async function openDatabase(location: DatabaseLocation): Promise<OpenedDatabase> {
  return 'url' in location ? openPostgres(location.url) : openPglite(location)
}

// Each driver is imported when used: a deployment installs only its own (pg or @electric-sql/pglite).
async function openPostgres(url: string): Promise<OpenedDatabase> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ])
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  try {
    const db = drizzlePg(pool, { schema })
    const lock = await pool.connect()
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
      lock.release()
    }
    return { db, kind: 'postgres', close: () => pool.end() }
  } catch (error) {
    await pool.end()
    throw error
  }
}

async function openPglite(location: { dataDir: string } | { memory: true }): Promise<OpenedDatabase> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  const client = 'dataDir' in location ? await PGlite.create(location.dataDir) : await PGlite.create(await inMemoryStart())
  try {
    const db = drizzlePglite(client, { schema })
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
    return { db, kind: 'pglite', close: () => client.close() }
  } catch (error) {
    await client.close()
    throw error
  }
}
