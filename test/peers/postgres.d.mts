/** The newest installed Debian PostgreSQL's bin folder (/usr/lib/postgresql/N/bin), or undefined. */
export declare function postgresBinDir(): string | undefined
export interface Postgres {
  /** `postgresql://postgres@127.0.0.1:PORT/postgres` (trust authentication, loopback only). */
  readonly url: string
  readonly port: number
  /** The bin folder of the running server (pg_dump, psql). */
  readonly bin: string
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>
}
export interface StartPostgresOptions {
  /** Default: a free port. */
  readonly port?: number
}
/**
 * Starts PostgreSQL with an empty `postgres` database.
 *
 * @example
 * const postgres = await startPostgres()
 * const { db } = await openDatabase({ url: postgres.url })
 * afterAll(() => postgres.stop())
 */
export declare function startPostgres(options?: StartPostgresOptions): Promise<Postgres>
/** The environment variable that names a template data folder startPostgres copies instead of running initdb. */
export declare const POSTGRES_TEMPLATE_ENV: string
/** An empty cluster made once, for startPostgres to copy; undefined when no PostgreSQL is installed. */
export declare function makePostgresTemplate(): { readonly data: string; remove(): void } | undefined
