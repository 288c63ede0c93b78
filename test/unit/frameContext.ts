import { randomBytes } from 'node:crypto'
import { NO_PROXIES } from '../../servers/common/clientAddress.ts'
import type { Database } from '../../servers/db/index.ts'
import type { FrameContext } from '../../servers/frame/context.ts'
import { createMailer } from '../../servers/frame/mail.ts'
import { DEFAULT_LIMITS } from '../../servers/frame/options.ts'
import { FRAME_PAGE_DIST } from '../../servers/frame/page/build.ts'
import { readProjects } from '../../servers/frame/projects.ts'
import { createSecrets } from '../../servers/frame/secrets.ts'
import { createSocialClients } from '../../servers/frame/social/providers.ts'

/**
 * A frame server's context for tests that drive its Hono app (createFrameApp) directly: one
 * project with the host origins given, fresh secrets, no social providers, mail to `smtpUrl`.
 * `publicUrl` is writable: a test that serves the app learns its port after listening.
 */
export function frameTestContext(options: { db: Database; smtpUrl: string; publicUrl: string; hostOrigins: readonly string[] }): {
  -readonly [K in keyof FrameContext]: FrameContext[K]
} {
  return {
    db: options.db,
    secrets: createSecrets(randomBytes(32), randomBytes(32).toString('hex')),
    limits: DEFAULT_LIMITS,
    projects: readProjects({ 'project-1': [...options.hostOrigins] }),
    publicUrl: options.publicUrl,
    mailer: createMailer(options.smtpUrl, 'Portico <login@portico.example>'),
    pageDir: FRAME_PAGE_DIST,
    smartAccounts: [],
    social: createSocialClients({}),
    farcaster: undefined,
    clientAddress: { header: 'x-forwarded-for', trusted: NO_PROXIES },
    now: () => new Date(),
  }
}
