import { useId, useState } from 'react'
import * as v from 'valibot'
import { type ChainState } from '../../../kernel/index.ts'
import { Button, type PorticoView, Stack, Text, useStoreValue } from '../../../shell/ui/index.ts'
import type { EmailController } from '../controller.ts'
import { EmailSchema, emailOf, messageOf } from '../routeData.ts'
import { OtpForm } from './OtpForm.tsx'

const selectEmail = (s: ChainState) => s.chains[s.activeNamespace]?.accountState.user?.email ?? undefined

/** Update email, step one: the new address; a code then goes to the current one. */
export function createUpdateEmailView(controller: EmailController): PorticoView {
  return function UpdateEmailWallet({ kit }) {
    const current = useStoreValue(kit.chains, selectEmail)
    const id = useId()
    const [email, setEmail] = useState(current ?? '')
    const [error, setError] = useState<string>()
    const [busy, setBusy] = useState(false)
    const submit = async (event: { preventDefault(): void }) => {
      event.preventDefault()
      const parsed = v.safeParse(EmailSchema, email)
      if (!parsed.success) return setError(parsed.issues[0].message)
      if (parsed.output === current) return setError('This is your current email.')
      setBusy(true)
      setError(undefined)
      try {
        await controller.auth.updateEmail(parsed.output)
        controller.router.push('UpdateEmailPrimaryOtp', { email: parsed.output })
      } catch (reason) {
        setError(messageOf(reason))
      } finally {
        setBusy(false)
      }
    }
    return (
      <form className="email-form" onSubmit={submit} noValidate>
        <label htmlFor={id}>
          <Text as="span" variant="small">
            New email
          </Text>
        </label>
        <input
          id={id}
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error && (
          <Text id={`${id}-error`} variant="error" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" disabled={busy}>
          Save
        </Button>
      </form>
    )
  }
}

/** Update email, step two: the code sent to the current address. */
export function createUpdateEmailPrimaryOtpView(controller: EmailController): PorticoView {
  return function UpdateEmailPrimaryOtp({ kit, data }) {
    const current = useStoreValue(kit.chains, selectEmail)
    const email = emailOf(data)
    if (!email) return <Text variant="error">Go back and enter the new email first.</Text>
    const check = async (otp: string) => {
      await controller.auth.updateEmailPrimaryOtp(otp)
      controller.router.replace('UpdateEmailSecondaryOtp', { email })
    }
    return (
      <Stack>
        <Text>Enter the code we sent to your current email{current ? ` ${current}` : ''}.</Text>
        <OtpForm onCode={check} />
      </Stack>
    )
  }
}

/** Update email, step three: the code sent to the new address; then the account shows it. */
export function createUpdateEmailSecondaryOtpView(controller: EmailController): PorticoView {
  return function UpdateEmailSecondaryOtp({ data }) {
    const email = emailOf(data)
    if (!email) return <Text variant="error">Go back and enter the new email first.</Text>
    const check = async (otp: string) => {
      await controller.auth.updateEmailSecondaryOtp(otp)
      controller.snack.showSuccess('Email updated')
      controller.router.reset('Account')
    }
    return (
      <Stack>
        <Text>Enter the code we sent to {email}.</Text>
        <OtpForm onCode={check} />
      </Stack>
    )
  }
}
