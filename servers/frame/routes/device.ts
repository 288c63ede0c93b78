import { setTimeout as sleep } from 'node:timers/promises'
import type { Hono } from 'hono'
import * as v from 'valibot'
import type { FrameContext, FrameEnv } from '../context.ts'
import { allowOrigin, ApiError, Caller, DeviceId, Email, readBody } from '../http.ts'
import { issueCode, loginCodeKey } from '../store/codes.ts'
import { approveByToken, claimCodeAfterApproval, latestApproval } from '../store/devices.ts'

const ApproveQuery = v.object({ token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'is not a link token')) })
const WaitBody = v.object({ ...Caller, email: Email, deviceId: DeviceId })

/** How often a waiting request looks at the database; the approval may land on another instance. */
const POLL_MS = 250

const PAGES = {
  approved: [200, 'Device approved', 'This device is approved. Go back to the site.'],
  already: [200, 'Device approved', 'This device was already approved. Go back to the site.'],
  invalid: [400, 'Link not valid', 'This link has expired or is not valid. Start again from the site to get a new one.'],
} as const

function page(title: string, text: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1rem;text-align:center}</style></head><body><h1>${title}</h1><p>${text}</p></body></html>`
}

export function deviceRoutes(app: Hono<FrameEnv>, context: FrameContext) {
  /** The link in the approval mail. */
  app.get('/v1/device/approve', async (c) => {
    const query = v.safeParse(ApproveQuery, c.req.query())
    const outcome = query.success ? await approveByToken(context, query.output.token) : 'invalid'
    const [status, title, text] = PAGES[outcome]
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    return c.html(page(title, text), status)
  })

  /**
   * Long-poll: answers { approved: true } once the mailed link was followed (then the code is
   * mailed, once, by whichever waiter sees it first), or { approved: false } after the wait.
   * Reads the database each time, so a link followed through another instance counts.
   */
  app.post('/v1/device/wait', async (c) => {
    const body = await readBody(c, WaitBody)
    allowOrigin(context, body)
    const deadline = Date.now() + context.limits.deviceWaitSeconds * 1000
    const signal = c.req.raw.signal
    for (;;) {
      const approval = await latestApproval(context.db, body.email, body.deviceId)
      if (!approval) throw new ApiError(400, 'No device approval was requested for this email on this device')
      if (approval.approvedAt) {
        await context.db.transaction(async (db) => {
          const now = context.now()
          if (!(await claimCodeAfterApproval(db, approval.id, now))) return
          const code = await issueCode(db, context.secrets, context.limits, now, loginCodeKey(body.email, body.deviceId))
          await context.mailer.sendCode(body.email, code, 'login', Math.round(context.limits.codeTtlSeconds / 60))
        })
        return c.json({ approved: true })
      }
      if (approval.expiresAt <= context.now()) throw new ApiError(400, 'The approval link expired; request a new one')
      if (Date.now() + POLL_MS > deadline || signal.aborted) return c.json({ approved: false })
      await sleep(POLL_MS)
    }
  })
}

