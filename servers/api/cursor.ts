import * as v from 'valibot'
import { ApiError } from './http.ts'

/**
 * Paging cursors: the sort key of a page's last item, as base64url JSON. Opaque to clients
 * (they pass `next` back as it came); a cursor that does not decode to the expected key is
 * a 400 BAD_CURSOR, never a query with garbage in it.
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

export function decodeCursor<S extends v.GenericSchema>(cursor: string, schema: S): v.InferOutput<S> {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    parsed = undefined
  }
  const result = v.safeParse(schema, parsed)
  if (!result.success) throw new ApiError(400, 'BAD_CURSOR', 'cursor: is not a cursor this server gave out')
  return result.output
}

/** A cursor in a query string: base64url, bounded. */
export const CursorField = v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,512}$/, 'is not a cursor this server gave out')))
