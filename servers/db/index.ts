export { openDatabase, MIGRATIONS_FOLDER } from './open.ts'
export type { Database, DatabaseLocation, OpenDatabaseOptions, OpenedDatabase, Schema } from './open.ts'
export * from './schema/index.ts'
