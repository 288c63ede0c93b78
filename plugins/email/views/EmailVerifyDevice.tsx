import { useEffect, useState } from 'react'
import { Button, type PorticoView, Spinner, Stack, Text, useMessages, useShownText } from '../../../shell/ui/index.ts'
import type { EmailController } from '../controller.ts'
import { emailOf, messageOf } from '../routeData.ts'
import { messages } from '../locales/index.ts'
import { EMAIL_VERIFY_OTP_VIEW } from '../contract.ts'

/**
 * A device the email has not used before: the visitor approves it from the link
 * mailed to them. The view waits for that (CONNECT_DEVICE) up to 30 s at a time,
 * then offers to wait again; once approved the code is mailed and the code view opens.
 */
export function createEmailVerifyDeviceView(controller: EmailController): PorticoView {
  return function EmailVerifyDevice({ kit, data }) {
    const t = useMessages(kit, messages)
    const shown = useShownText(kit)
    const email = emailOf(data)
    const [attempt, setAttempt] = useState(0)
    const [problem, setProblem] = useState<string>()

    useEffect(() => {
      if (!email) return
      let current = true
      let timedOut = false
      const leave = new AbortController()
      setProblem(undefined)
      controller
        .timed(
          (options) => controller.auth.connectDevice(options),
          () => {
            timedOut = true
          },
          leave.signal,
        )
        .then(
          () => current && controller.router.replace(EMAIL_VERIFY_OTP_VIEW, { email }),
          (error: unknown) => {
            if (current) setProblem(timedOut ? t('email.deviceTimedOut') : messageOf(error))
          },
        )
      return () => {
        current = false
        leave.abort()
      }
    }, [email, attempt])

    if (!email) return <Text variant="error">{t('email.enterEmailFirst')}</Text>
    return (
      <Stack align="center">
        <Text variant="title">{t('email.registerDevice')}</Text>
        <Text>{t('email.checkInbox', { email })}</Text>
        {problem ? (
          <>
            <Text variant="error" role="alert">
              {shown(problem)}
            </Text>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('email.tryAgain')}
            </Button>
          </>
        ) : (
          <div className="status" role="status" aria-label={t('email.waitingForApproval')}>
            <Spinner />
          </div>
        )}
      </Stack>
    )
  }
}
