import { redactText } from './redactText.ts'

// drizzle wraps a failed query in a DrizzleQueryError whose message is the SQL and every
// parameter ("params: alice@example.com,<sealed share>,..."); the driver's error under it
// (pg and PGlite alike) carries the parameters again, and its `detail` quotes the values
// ("Key (email)=(alice@example.com) already exists"). What a log may keep is below.

/** The fields of a pg / PGlite DatabaseError this module reads. */
interface DriverError {
  message: string
  code: string
  schema?: string
  table?: string
  column?: string
  constraint?: string
  params?: unknown[]
}

const isDriverError = (error: unknown): error is DriverError => {
  const code = (error as { code?: unknown } | undefined)?.code
  return error instanceof Error && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in error
}

const isFailedQuery = (error: unknown): error is Error & { params: unknown[] } =>
  error instanceof Error && Array.isArray((error as { params?: unknown }).params) && typeof (error as { query?: unknown }).query === 'string'

// Quoted names (relations, constraints, types) stay; a quoted value does not.
const QUOTED = /"([^"]*)"/g
const NAME = /^[A-Za-z_][A-Za-z0-9_$.]{0,62}$/

/** The message with each parameter's text (4 characters or more) and every quoted value removed. */
function withoutValues(message: string, params: readonly unknown[]): string {
  const texts = params
    .map((param) => (param instanceof Date ? param.toISOString() : typeof param === 'object' ? JSON.stringify(param) : String(param)))
    .filter((text): text is string => typeof text === 'string' && text.length >= 4)
    .sort((a, b) => b.length - a.length)
  let safe = message
  for (const text of texts) safe = safe.replaceAll(text, '…')
  return redactText(safe.replace(QUOTED, (quoted, inner: string) => (NAME.test(inner) ? quoted : '"…"')))
}

/**
 * A database error as a log may keep it: its SQLSTATE, its message without the query's
 * parameters or any quoted value, and the schema, table, column and constraint it names.
 * Undefined when the error did not come from the database.
 *
 * @example
 * databaseErrorText(error) // 'database error 23505 on frame.users (constraint users_email_unique): duplicate key value violates unique constraint "users_email_unique"'
 */
export function databaseErrorText(error: unknown): string | undefined {
  const chain: unknown[] = []
  for (let at: unknown = error; at !== undefined && at !== null && chain.length < 8; at = (at as { cause?: unknown }).cause) chain.push(at)
  const failed = chain.find(isFailedQuery)
  const driver = chain.find(isDriverError)
  if (driver === undefined) {
    if (failed === undefined) return undefined
    const cause = chain[chain.indexOf(failed) + 1]
    const why = cause instanceof Error ? withoutValues(cause.message, failed.params) : 'no answer'
    return `database query failed: ${why}`
  }
  const params = [...(failed?.params ?? []), ...(driver.params ?? [])]
  const where = [driver.schema, driver.table].filter(Boolean).join('.')
  const names = [driver.column && `column ${driver.column}`, driver.constraint && `constraint ${driver.constraint}`].filter(Boolean).join(', ')
  return `database error ${driver.code}${where ? ` on ${where}` : ''}${names ? ` (${names})` : ''}: ${withoutValues(driver.message, params)}`
}
