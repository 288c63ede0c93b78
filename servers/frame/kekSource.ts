import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseKeyRing } from './secrets.ts'

/** The environment variables a key ring may come from; exactly one is set. */
export const KEK_SOURCES = ['KEY_ENCRYPTION_KEY', 'KEK_FILE', 'KEK_COMMAND'] as const

/** How long KEK_COMMAND may take (a KMS call over the network) before start fails. */
export const KEK_COMMAND_TIMEOUT_MS = 30_000

/**
 * The key ring's text from the environment: the variable itself, a file (a mounted secret), or
 * the standard output of a command (a KMS or secret manager's client: `aws kms decrypt ...`,
 * `gcloud secrets versions access ...`, `vault kv get -field=kek ...`), run once at start.
 * Checked here, so a wrong key stops the start with the variable's name, not a later open.
 */
export function keyRingFromEnv(env: Record<string, string | undefined>): string {
  const set = KEK_SOURCES.filter((name) => env[name] !== undefined && env[name] !== '')
  if (set.length !== 1) throw new Error(`${KEK_SOURCES.join(', ')}: set exactly one of them`)
  const source = set[0]!
  let text: string
  try {
    if (source === 'KEY_ENCRYPTION_KEY') text = env.KEY_ENCRYPTION_KEY!
    else if (source === 'KEK_FILE') text = readFileSync(env.KEK_FILE!, 'utf8')
    // stderr goes to the server's log (the command's own diagnostics); stdout is the key and is never printed.
    else text = execFileSync('/bin/sh', ['-c', env.KEK_COMMAND!], { encoding: 'utf8', timeout: KEK_COMMAND_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'inherit'] })
  } catch (error) {
    const status = (error as { status?: number | null }).status
    throw new Error(`${source}: ${source === 'KEK_FILE' ? `cannot read ${env.KEK_FILE}` : status == null ? 'the command did not finish' : `the command exited with ${status}`}`)
  }
  try {
    parseKeyRing(text)
  } catch (error) {
    throw new Error(`${source}: ${(error as Error).message}`)
  }
  return text.trim()
}
