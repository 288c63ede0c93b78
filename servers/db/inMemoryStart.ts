// Where a new in-memory PGlite database starts: initdb (PGlite's default), or a copy of a
// fresh cluster a test run made once. Its own module, free of drizzle, so a test set-up
// file can seed it without loading the database layer into every test file.
import type { PGliteOptions } from '@electric-sql/pglite'

let freshCluster: (() => Promise<Blob>) | undefined

/**
 * Has every later in-memory database of this process start from a copy of a fresh cluster
 * (what `PGlite.create()` makes: initdb's output, no migration applied, as `dumpDataDir`
 * writes it) instead of running initdb, which takes seconds on a busy machine: a test run
 * opens hundreds. `load` is called once, at the first open. The migrations still run on
 * each copy, so the schema is made exactly as on a new database.
 */
export function startInMemoryDatabasesFrom(load: () => Promise<Blob>): void {
  let loaded: Promise<Blob> | undefined
  freshCluster = () => (loaded ??= load())
}

/** PGlite's options for a new in-memory database. */
export async function inMemoryStart(): Promise<PGliteOptions | undefined> {
  return freshCluster ? { loadDataDir: await freshCluster() } : undefined
}
