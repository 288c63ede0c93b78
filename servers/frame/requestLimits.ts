import type { MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import type { FrameContext, FrameEnv } from './context.ts'
import { ApiError, ProjectId } from './http.ts'
import { requestAddress } from './requestAddress.ts'
import type { WindowLimit } from './options.ts'
import { countInWindow, uncountInWindow } from './store/limits.ts'

/** The routes that start a login: each does work (a provider's discovery, a relay channel, a mail, a stored challenge) for anyone who asks. */
export const START_PATHS = ['/v1/email/start', '/v1/social/start', '/v1/farcaster/start', '/v1/passkey/signup/options', '/v1/passkey/login/options'] as const
/** The long-polls: each holds a request open and reads on for up to its wait. */
export const WAIT_PATHS = ['/v1/device/wait', '/v1/farcaster/connect'] as const

export const LimitRefusal = {
  STARTS_FROM_ADDRESS: 'Too many logins were started from this network address',
  STARTS_FOR_PROJECT: 'Too many logins were started for this project',
  WAITS_FROM_ADDRESS: 'Too many requests are waiting from this network address; close other login windows and try again',
  WAITS_FOR_PROJECT: 'Too many requests are waiting for this project; try again in a moment',
} as const

const Project = v.object({ projectId: ProjectId })

/**
 * The project a request names, when it is one this server serves. The body is read through
 * Hono's cache, so the route reads it again for free; an unknown project is the route's to
 * refuse and is not counted (counting it would let anyone add rows under made-up names).
 */
async function servedProject(context: FrameContext, c: Parameters<MiddlewareHandler<FrameEnv>>[0]): Promise<string | undefined> {
  const body: unknown = await c.req.json().catch(() => undefined)
  const parsed = v.safeParse(Project, body)
  return parsed.success && context.projects.has(parsed.output.projectId) ? parsed.output.projectId : undefined
}

/**
 * Counts a login start per client address and per project across instances, refusing past
 * either limit with a 429. A start the route refuses (or this limit does) is taken back: as
 * with code requests, a refused request neither counts nor leaves a row behind.
 */
export function limitStarts(context: FrameContext): MiddlewareHandler<FrameEnv> {
  return async (c, next) => {
    const now = context.now()
    const { limits } = context
    const project = await servedProject(context, c)
    type Count = readonly [key: string, limit: WindowLimit, refusal: string]
    const counts: Count[] = [
      [`start-address:${requestAddress(context, c)}`, limits.startsPerAddress, LimitRefusal.STARTS_FROM_ADDRESS],
      ...(project === undefined ? [] : [[`start-project:${project}`, limits.startsPerProject, LimitRefusal.STARTS_FOR_PROJECT] as Count]),
    ]
    const counted: Count[] = []
    let admitted = false
    try {
      for (const entry of counts) {
        counted.push(entry)
        await countInWindow(context.db, entry[0], entry[1], now, entry[2])
      }
      await next()
      admitted = c.res.status < 400
    } finally {
      if (!admitted) for (const [key, limit] of counted) await uncountInWindow(context.db, key, limit, now)
    }
  }
}

/**
 * Caps the long-polls held at once per client address and per project. Counted in this
 * instance's memory: a wait holds this instance's socket and reads, and a count kept here
 * costs no write per wait and cannot outlive a crashed instance.
 */
export function limitWaits(context: FrameContext): MiddlewareHandler<FrameEnv> {
  const held = new Map<string, number>()
  const take = (key: string, max: number) => {
    const count = held.get(key) ?? 0
    if (count >= max) return false
    held.set(key, count + 1)
    return true
  }
  const release = (key: string) => {
    const count = (held.get(key) ?? 1) - 1
    if (count === 0) held.delete(key)
    else held.set(key, count)
  }
  return async (c, next) => {
    const address = `address:${requestAddress(context, c)}`
    const project = await servedProject(context, c)
    const projectKey = project === undefined ? undefined : `project:${project}`
    if (!take(address, context.limits.waitsPerAddress)) throw new ApiError(429, LimitRefusal.WAITS_FROM_ADDRESS)
    if (projectKey !== undefined && !take(projectKey, context.limits.waitsPerProject)) {
      release(address)
      throw new ApiError(429, LimitRefusal.WAITS_FOR_PROJECT)
    }
    try {
      await next()
    } finally {
      release(address)
      if (projectKey !== undefined) release(projectKey)
    }
  }
}
