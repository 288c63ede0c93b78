import { type PorticoView, Stack, Text } from '../../../shell/ui/index.ts'
import type { EmailController } from '../controller.ts'
import { emailOf } from '../routeData.ts'
import { OtpForm } from './OtpForm.tsx'

const TIMED_OUT = 'The code could not be checked in time. Try again.'

/** The code mailed to the visitor: six digits, a resend (answered with the cooldown while it runs). */
export function createEmailVerifyOtpView(controller: EmailController): PorticoView {
  return function EmailVerifyOtp({ data }) {
    const email = emailOf(data)
    if (!email) return <Text variant="error">Go back and enter your email first.</Text>
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
        throw timedOut ? new Error(TIMED_OUT) : error
      }
      await controller.finishLogin(email)
    }
    const resend = async () => {
      await controller.timed((options) => controller.auth.connectEmail(email, options), () => undefined)
    }
    return (
      <Stack>
        <Text>Enter the code we sent to</Text>
        <Text variant="title">{email}</Text>
        <OtpForm onCode={check} onResend={resend} />
      </Stack>
    )
  }
}
