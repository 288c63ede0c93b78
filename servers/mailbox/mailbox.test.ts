import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailbox, type Mailbox, type MailboxMessage } from './mailbox.ts'

describe('mailbox (SMTP sink)', () => {
  let mailbox: Mailbox
  beforeAll(async () => {
    mailbox = await startMailbox()
  })
  afterAll(() => mailbox.close())

  it('receives mail over SMTP and lists it per recipient, newest first, on a page with clickable links and escaped text', async () => {
    const transport = nodemailer.createTransport(mailbox.smtpUrl)
    await transport.sendMail({ from: 'a@portico.test', to: 'Ann@Example.com', subject: 'first', text: 'open http://127.0.0.1:1/v1/device/approve?token=abc now' })
    await transport.sendMail({ from: 'a@portico.test', to: 'bob@example.com', subject: '<b>second</b>', text: '<script>alert(1)</script>' })
    transport.close()
    const forAnn = (await (await fetch(`${mailbox.url}/api/messages?to=ann@example.com`)).json()) as MailboxMessage[]
    expect(forAnn).toHaveLength(1)
    expect(forAnn[0]).toMatchObject({ to: ['ann@example.com'], from: 'a@portico.test', subject: 'first' })
    const all = (await (await fetch(`${mailbox.url}/api/messages`)).json()) as MailboxMessage[]
    expect(all.map((message) => message.subject)).toEqual(['<b>second</b>', 'first'])
    const page = await (await fetch(mailbox.url)).text()
    expect(page).toContain('<a href="http://127.0.0.1:1/v1/device/approve?token=abc" target="_blank" rel="noopener">')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page).not.toContain('<script>')
    expect((await fetch(`${mailbox.url}/api/messages?to=${'x'.repeat(300)}`)).status).toBe(400)
  })
})
