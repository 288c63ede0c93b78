import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { schema } from './schema/index.ts'

export type Schema = typeof schema
/** The query builder every server uses; the same type over PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

/** Where the database lives: a PGlite data folder, PGlite in memory (tests), or a Postgres server. */
export type DatabaseLocation = { dataDir: string } | { memory: true } | { url: string }

export interface OpenDatabaseOptions {
  /** The drizzle-kit migrations; a bundle of a server must point at servers/db/migrations itself. */
  migrationsFolder?: string
}

export interface OpenedDatabase {
  readonly db: Database
  readonly kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** The committed SQL migrations next to this module. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations/', import.meta.url))

/**
 * Opens the database and applies the migrations (idempotent: drizzle records the applied
 * ones), so a server never runs on an older schema than its code. PGlite takes seconds to
 * open a new folder: open once per process.
 */
export async function openDatabase(location: DatabaseLocation, options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER
  if ('url' in location) {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 })
    try {
      const db = drizzlePg(pool, { schema })
      await migratePg(db, { migrationsFolder })
      return { db, kind: 'postgres', close: () => pool.end() }
    } catch (error) {
      await pool.end()
      throw error
    }
  }
  const client = 'memory' in location ? await PGlite.create() : await PGlite.create(location.dataDir)
  try {
    const db = drizzlePglite(client, { schema })
    await migratePglite(db, { migrationsFolder })
    return { db, kind: 'pglite', close: () => client.close() }
  } catch (error) {
    await client.close()
    throw error
  }
}
