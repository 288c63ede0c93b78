export { openDatabase } from './open.ts'
export type { Database, DatabaseLocation, OpenedDatabase, Schema } from './open.ts'
export * from './schema/index.ts'
