import { sql } from 'drizzle-orm'
import type { Database } from '../../servers/db/index.ts'

/**
 * Every table's row count, in one query: a refused request must leave them all as they were.
 * The servers' tables live in their own schemas (frame, api, siwx), none in public.
 */
export async function rowCounts(db: Database): Promise<Record<string, unknown>> {
  type Rows<T> = { rows: T[] }
  const tables = (
    (await db.execute(
      sql`select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE' order by 1, 2`,
    )) as unknown as Rows<{ table_schema: string; table_name: string }>
  ).rows
  const counts = tables.map(({ table_schema, table_name }) => `(select count(*) from "${table_schema}"."${table_name}") as "${table_schema}.${table_name}"`).join(', ')
  return ((await db.execute(sql.raw(`select ${counts}`))) as unknown as Rows<Record<string, unknown>>).rows[0]!
}
