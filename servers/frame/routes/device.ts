import { setTimeout as sleep } from 'node:timers/promises'
import type { Hono } from 'hono'
import * as v from 'valibot'
import type { FrameContext, FrameEnv } from '../context.ts'
import { pollDelay } from '../pollDelay.ts'
import { allowOrigin, ApiError, Caller, DeviceId, Email, readBody } from '../http.ts'
import { issueCode, loginCodeKey } from '../store/codes.ts'
import { linkRoutes, siteName } from '../linkPage.ts'
import { clientInfo } from '../client.ts'
import { approvalByToken, approveByToken, claimCodeAfterApproval, latestApproval } from '../store/devices.ts'

const WaitBody = v.object({ ...Caller, email: Email, deviceId: DeviceId })

export function deviceRoutes(app: Hono<FrameEnv>, context: FrameContext) {
  const approved = ['Device approved', 'This device is approved. Go back to the site.'] as const
  const alreadyApproved = ['Device approved', 'This device was already approved. Go back to the site.'] as const
  /** The link in the approval mail: a page that says who asks and where from; only its button approves. */
  linkRoutes(app, context, {
    path: '/v1/device/approve',
    invalid: ['Link not valid', 'This link has expired or is not valid. Start again from the site to get a new one.'],
    foreign: ['Not approved', 'Approve from the page the mailed link opens, with its button.'],
    find: (token) => approvalByToken(context, token),
    done: (approval) => (approval.approvedAt ? alreadyApproved : undefined),
    ask: (approval) => {
      const site = siteName(context, approval.projectId)
      return {
        title: `Sign in to ${site}?`,
        intro: `A sign-in to your wallet on ${site} was started on this device. Approve it only if it was you.`,
        facts: { site, device: approval.device ?? 'an unknown browser', network: approval.network ?? 'an unknown network', time: approval.createdAt },
        button: 'Approve this device',
      }
    },
    act: async (token) => {
      const outcome = await approveByToken(context, token)
      return outcome === 'invalid' ? undefined : outcome === 'approved' ? approved : alreadyApproved
    },
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
    // The approval may land on another instance: the database is looked at again and again.
    for (let look = 0; ; look++) {
      const approval = await latestApproval(context.db, body.email, body.deviceId)
      if (!approval) throw new ApiError(400, 'No device approval was requested for this email on this device')
      if (approval.approvedAt) {
        await context.db.transaction(async (db) => {
          const now = context.now()
          if (!(await claimCodeAfterApproval(db, approval.id, now))) return
          const code = await issueCode(db, context.secrets, context.limits, now, loginCodeKey(body.email, body.deviceId))
          const about = { site: siteName(context, body.projectId), ...clientInfo(context, c), time: now }
          await context.mailer.sendCode(body.email, code, 'login', Math.round(context.limits.codeTtlSeconds / 60), about)
        })
        return c.json({ approved: true })
      }
      if (approval.expiresAt <= context.now()) throw new ApiError(400, 'The approval link expired; request a new one')
      if (Date.now() + pollDelay(look) > deadline || signal.aborted) return c.json({ approved: false })
      await sleep(pollDelay(look))
    }
  })
}
