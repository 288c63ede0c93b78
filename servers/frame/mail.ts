import nodemailer from 'nodemailer'
import { safeErrorText } from '../common/logSafe.ts'
import { ApiError } from './http.ts'

export type CodePurpose = 'login' | 'update-primary' | 'update-secondary'

export interface Mailer {
  sendCode(to: string, code: string, purpose: CodePurpose, minutes: number): Promise<void>
  sendDeviceLink(to: string, link: string, minutes: number): Promise<void>
  close(): void
}

const SUBJECTS: Record<CodePurpose, string> = {
  login: 'Your sign-in code',
  'update-primary': 'Confirm your email change',
  'update-secondary': 'Confirm your new email',
}

const INTROS: Record<CodePurpose, string> = {
  login: 'Use this code to sign in:',
  'update-primary': 'Someone asked to move your wallet login to another email. If it was you, enter this code:',
  'update-secondary': 'Enter this code to confirm this address as your new wallet login:',
}

/** Mail over SMTP (nodemailer): the codes and device approval links. */
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
    sendCode: (to, code, purpose, minutes) =>
      send(to, `${SUBJECTS[purpose]}: ${code}`, `${INTROS[purpose]}\n\n${code}\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, ignore this mail.\n`),
    sendDeviceLink: (to, link, minutes) =>
      send(
        to,
        'Approve this device',
        `A sign-in to your wallet was started on a device we do not know yet. If it was you, open this link to approve it:\n\n${link}\n\nThe link expires in ${minutes} minutes. If it was not you, ignore this mail.\n`,
      ),
    close: () => transport.close(),
  }
}
