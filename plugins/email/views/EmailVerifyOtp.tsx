import { type PorticoView, Stack, Text, useMessages } from '../../../shell/ui/index.ts'
import type { EmailController } from '../controller.ts'
import { emailOf } from '../routeData.ts'
import { OtpForm } from './OtpForm.tsx'
import { messages } from '../locales/index.ts'

/** The code mailed to the visitor: six digits, a resend (answered with the cooldown while it runs). */
export function createEmailVerifyOtpView(controller: EmailController): PorticoView {
  return function EmailVerifyOtp({ kit, data }) {
    const t = useMessages(kit, messages)
    const email = emailOf(data)
    if (!email) return <Text variant="error">{t('email.enterEmailFirst')}</Text>
    const check = async (otp: string) => {
      let timedOut = false
      try {
        await controller.timed(
          (options) => controller.auth.connectOtp(otp, options),
          () => {
            timedOut = true
          },
        )
      } catch (error) {
        throw timedOut ? new Error(t('email.codeTimedOut')) : error
      }
      await controller.finishLogin(email)
    }
    const resend = async () => {
      await controller.connectEmail(email, () => undefined)
    }
    return (
      <Stack>
        <Text>{t('email.codeSentTo')}</Text>
        <Text variant="title">{email}</Text>
        <OtpForm kit={kit} onCode={check} onResend={resend} />
      </Stack>
    )
  }
}
