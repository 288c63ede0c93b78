import { BaseError } from 'viem'
import { databaseErrorText } from './databaseErrorText.ts'
import { redactText } from './redactText.ts'

// Every server logs errors through here: a database error without its parameters, a viem
// error without its request (the RPC URL with its key, the request body), any other error's
// message with URLs cut to their origin and emails removed; the stack's frames, not its text.

const MAX_CAUSES = 4

function messageOf(error: unknown): string {
  if (error instanceof BaseError) return `${error.name}: ${[error.shortMessage, error.details].filter(Boolean).join(' ')}`
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}

/**
 * One error as a log may keep it.
 *
 * @example
 * console.error('frame server:', safeErrorText(error))
 */
export function safeErrorText(error: unknown, options: { frames?: boolean } = {}): string {
  const database = databaseErrorText(error)
  if (database !== undefined) return database + framesOf(error, options.frames)
  const messages: string[] = []
  for (let at: unknown = error; at !== undefined && at !== null && messages.length < MAX_CAUSES; at = (at as { cause?: unknown }).cause) {
    const message = messageOf(at)
    if (!messages.includes(message)) messages.push(message)
    // viem's errors repeat their cause's details; the first one said it.
    if (at instanceof BaseError) break
  }
  return redactText(messages.join(' <- ')) + framesOf(error, options.frames)
}

/** The stack's "at" lines (file paths), never its first line: that is the message again. */
function framesOf(error: unknown, wanted = false): string {
  if (!wanted || !(error instanceof Error) || error.stack === undefined) return ''
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line))
  return frames.length > 0 ? `\n${redactText(frames.join('\n'))}` : ''
}
