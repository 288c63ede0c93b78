// Every server's tables, one module per server, so one set of migrations covers the database.
import * as frameTables from './frame.ts'

export { frameTables }

/** All tables, flat, as drizzle's query builder takes them. */
export const schema = { ...frameTables }
