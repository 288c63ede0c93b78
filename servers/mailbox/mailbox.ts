import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import * as v from 'valibot'
import { renderMailboxPage } from './page.ts'

/** One received mail, as the HTTP side lists it. */
export interface MailboxMessage {
  id: string
  /** Envelope recipients, lower case. */
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  /** ISO time. */
  receivedAt: string
}

export interface MailboxOptions {
  /** 0 (default) picks a free port. */
  smtpPort?: number
  httpPort?: number
}

export interface Mailbox {
  /** `smtp://127.0.0.1:PORT`, for nodemailer. */
  readonly smtpUrl: string
  /** `http://127.0.0.1:PORT`: GET / (page), GET /api/messages?to= (JSON). */
  readonly url: string
  close(): Promise<void>
}

/** A sink holds this many mails at most (oldest dropped): it is for a demo and tests, not a mail store. */
const MAX_MESSAGES = 1000
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024

const MessagesQuery = v.object({ to: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254))) })

/**
 * An SMTP sink that keeps mails in memory, with a small HTTP side to read them: the demo's
 * mailbox page and the tests' way to read a mailed code or link. STARTTLS is disabled: the
 * sink's built-in certificate has expired, and mail never leaves 127.0.0.1.
 */
export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  const messages: MailboxMessage[] = []
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      // The envelope belongs to this transaction: read it before the callback lets the next one start.
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase())
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            messages.unshift({
              id: randomUUID(),
              to,
              from: mail.from?.address ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
              receivedAt: new Date().toISOString(),
            })
            messages.length = Math.min(messages.length, MAX_MESSAGES)
            callback()
          })
          .catch((error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(options.smtpPort ?? 0, '127.0.0.1', () => resolve())
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const list = (to: string | undefined) => (to ? messages.filter((message) => message.to.includes(to)) : messages)
  const app = new Hono()
  app.get('/api/messages', (c) => {
    const query = v.safeParse(MessagesQuery, c.req.query())
    if (!query.success) return c.json({ error: `Invalid query: ${query.issues[0].message}` }, 400)
    return c.json(list(query.output.to))
  })
  app.get('/', (c) => c.html(renderMailboxPage(messages)))

  let http: ServerType | undefined
  const httpPort = await new Promise<number>((resolve, reject) => {
    http = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.httpPort ?? 0 }, (info) => resolve(info.port))
    http.once('error', reject)
  })

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://127.0.0.1:${httpPort}`,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          http?.close(() => resolve())
          // Long-lived keep-alive sockets would hold close() open.
          if (http && 'closeAllConnections' in http) http.closeAllConnections()
        }),
      ])
    },
  }
}
