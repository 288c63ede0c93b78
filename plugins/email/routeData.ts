import * as v from 'valibot'
import type { RouteEntry } from '../../kernel/index.ts'

export const EmailSchema = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email('Enter a valid email address'))

/** The email a view is for, from its route; anything else is no email. */
export function emailOf(data: RouteEntry['data']): string | undefined {
  const parsed = v.safeParse(v.object({ email: EmailSchema }), data)
  return parsed.success ? parsed.output.email : undefined
}

/** The message of a failed request, as the visitor reads it. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return 'shortMessage' in error ? String(error.shortMessage) : error.message
  return String(error)
}
