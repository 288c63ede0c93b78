import nodemailer from 'nodemailer'
import { safeErrorText } from '../common/logSafe.ts'
import type { ClientInfo } from './client.ts'
import { ApiError } from './http.ts'

export type CodePurpose = 'login' | 'update-primary' | 'update-secondary'

/**
 * What every mail names, so that the reader can tell whether it was them: the site (the
 * project's registered name), the device and network that asked, and when.
 */
export interface MailAbout extends ClientInfo {
  readonly site: string
  readonly time: Date
}

export interface Mailer {
  sendCode(to: string, code: string, purpose: CodePurpose, minutes: number, about: MailAbout): Promise<void>
  sendDeviceLink(to: string, link: string, minutes: number, about: MailAbout): Promise<void>
  /** A device new to the account asked for the key shares: when they go out without an approval, and the link that refuses it. */
  sendNewDevice(to: string, about: MailAbout, release: { at: Date; refuseLink: string }): Promise<void>
  /** The server's shares went to a device new to the account. */
  sendSharesReleased(to: string, about: MailAbout): Promise<void>
  /** Sent to the address the login moved away from. */
  sendEmailChanged(to: string, newEmail: string, about: MailAbout): Promise<void>
  close(): void
}

/** 'Thu, 26 Nov 2026 16:40 UTC': one zone for every reader, so nobody has to guess whose clock it is. */
export const mailTime = (time: Date) => time.toUTCString().replace(/:\d\d GMT$/, ' UTC')

const SUBJECTS: Record<CodePurpose, (site: string) => string> = {
  login: (site) => `Your sign-in code for ${site}`,
  'update-primary': (site) => `Confirm your email change on ${site}`,
  'update-secondary': (site) => `Confirm your new email for ${site}`,
}

const INTROS: Record<CodePurpose, string> = {
  login: 'Use this code to sign in:',
  'update-primary': 'Someone asked to move your wallet login to another email. If it was you, enter this code:',
  'update-secondary': 'Enter this code to confirm this address as your new wallet login:',
}

/** The who, what, where and when block every mail carries. */
const facts = (about: MailAbout) => `Site: ${about.site}\nDevice: ${about.device}\nNetwork: ${about.network}\nTime: ${mailTime(about.time)}\n`

/** Mail over SMTP (nodemailer): codes, device approval links and the notices. No subject carries a code (lock screens show subjects). */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  const send = async (to: string, subject: string, text: string) => {
    try {
      await transport.sendMail({ from, to, subject, text })
    } catch (error) {
      console.error('frame server: mail not sent:', safeErrorText(error))
      throw new ApiError(502, 'The mail could not be sent; try again later')
    }
  }
  return {
    sendCode: (to, code, purpose, minutes, about) =>
      send(
        to,
        SUBJECTS[purpose](about.site),
        `${INTROS[purpose]}\n\n${code}\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, ignore this mail.\n\n${facts(about)}`,
      ),
    sendDeviceLink: (to, link, minutes, about) =>
      send(
        to,
        `Approve a sign-in to ${about.site}`,
        `A sign-in to your wallet on ${about.site} was started on a device we do not know yet:\n\n${facts(about)}\nIf it was you, open this link and press Approve:\n\n${link}\n\nThe link expires in ${minutes} minutes. If it was not you, ignore this mail.\n`,
      ),
    sendNewDevice: (to, about, release) =>
      send(
        to,
        `A new device asked for your ${about.site} wallet`,
        `A device your wallet has not been used on asked for its keys:\n\n${facts(about)}\nApprove it from a device you already use (the site asks you there), or it gets the keys at ${mailTime(release.at)}.\n\nIf it was not you, refuse it now:\n\n${release.refuseLink}\n`,
      ),
    sendSharesReleased: (to, about) =>
      send(
        to,
        `Your ${about.site} wallet was opened on a new device`,
        `Your wallet's keys were given to a new device:\n\n${facts(about)}\nIf it was not you, move your funds to a new wallet now.\n`,
      ),
    sendEmailChanged: (to, newEmail, about) =>
      send(
        to,
        `Your ${about.site} wallet login email was changed`,
        `Your wallet no longer signs in with this address; it now signs in with ${newEmail}.\n\n${facts(about)}\nIf it was not you, contact ${about.site} at once.\n`,
      ),
    close: () => transport.close(),
  }
}
