// Every server's tables, one module per server, so one set of migrations covers the database.
export * as frameTables from './frame.ts'
