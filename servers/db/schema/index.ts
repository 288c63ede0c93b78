// Every server's tables, one module per server, so one set of migrations covers the database.
import * as apiTables from './api.ts'
import * as frameTables from './frame.ts'
import * as siwxTables from './siwx.ts'

export { apiTables, frameTables, siwxTables }

/** All tables, flat, as drizzle's query builder takes them. */
export const schema = { ...frameTables, ...siwxTables, ...apiTables }
