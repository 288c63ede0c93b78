import { useEffect, useState } from 'react'
import { Button, type PorticoView, Spinner, Stack, Text } from '../../../shell/ui/index.ts'
import type { EmailController } from '../controller.ts'
import { emailOf, messageOf } from '../routeData.ts'

/**
 * A device the email has not used before: the visitor approves it from the link
 * mailed to them. The view waits for that (CONNECT_DEVICE) up to 30 s at a time,
 * then offers to wait again; once approved the code is mailed and the code view opens.
 */
export function createEmailVerifyDeviceView(controller: EmailController): PorticoView {
  return function EmailVerifyDevice({ data }) {
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
          () => current && controller.router.replace('EmailVerifyOtp', { email }),
          (error: unknown) => {
            if (current) setProblem(timedOut ? 'The device was not approved in time.' : messageOf(error))
          },
        )
      return () => {
        current = false
        leave.abort()
      }
    }, [email, attempt])

    if (!email) return <Text variant="error">Go back and enter your email first.</Text>
    return (
      <Stack align="center">
        <Text variant="title">Register this device to continue</Text>
        <Text>Check your inbox at {email} and follow the link to approve this device.</Text>
        {problem ? (
          <>
            <Text variant="error" role="alert">
              {problem}
            </Text>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </>
        ) : (
          <div className="status" role="status" aria-label="Waiting for the approval">
            <Spinner />
          </div>
        )}
      </Stack>
    )
  }
}
