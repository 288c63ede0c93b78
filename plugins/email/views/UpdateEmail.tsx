import { useId, useState } from 'react'
import * as v from 'valibot'
import type { ChainState } from '../../../kernel/index.ts'
import { Button, type PorticoView, Stack, Text, useStoreValue, useMessages, useShownText } from '../../../shell/ui/index.ts'
import type { EmailController } from '../controller.ts'
import { EmailSchema, emailOf, messageOf } from '../routeData.ts'
import { OtpForm } from './OtpForm.tsx'
import { messages } from '../locales/index.ts'
import { UPDATE_EMAIL_PRIMARY_OTP_VIEW, UPDATE_EMAIL_SECONDARY_OTP_VIEW } from '../contract.ts'

const selectEmail = (s: ChainState) => s.chains[s.activeNamespace]?.accountState.user?.email ?? undefined

/** Update email, step one: the new address; a code then goes to the current one. */
export function createUpdateEmailView(controller: EmailController): PorticoView {
  return function UpdateEmailWallet({ kit }) {
    const t = useMessages(kit, messages)
    const shown = useShownText(kit)
    const current = useStoreValue(kit.chains, selectEmail)
    const id = useId()
    const [email, setEmail] = useState(current ?? '')
    const [error, setError] = useState<string>()
    const [busy, setBusy] = useState(false)
    const submit = async (event: { preventDefault(): void }) => {
      event.preventDefault()
      const parsed = v.safeParse(EmailSchema, email)
      if (!parsed.success) return setError(parsed.issues[0].message)
      if (parsed.output === current) return setError(t('email.update.sameAsCurrent'))
      setBusy(true)
      setError(undefined)
      try {
        await controller.auth.updateEmail(parsed.output)
        controller.router.push(UPDATE_EMAIL_PRIMARY_OTP_VIEW, { email: parsed.output })
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
            {t('email.update.newEmail')}
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
            {shown(error)}
          </Text>
        )}
        <Button type="submit" disabled={busy}>
          {t('email.update.save')}
        </Button>
      </form>
    )
  }
}

/** Update email, step two: the code sent to the current address. */
export function createUpdateEmailPrimaryOtpView(controller: EmailController): PorticoView {
  return function UpdateEmailPrimaryOtp({ kit, data }) {
    const t = useMessages(kit, messages)
    const current = useStoreValue(kit.chains, selectEmail)
    const email = emailOf(data)
    if (!email) return <Text variant="error">{t('email.enterNewEmailFirst')}</Text>
    const check = async (otp: string) => {
      await controller.auth.updateEmailPrimaryOtp(otp)
      controller.router.replace(UPDATE_EMAIL_SECONDARY_OTP_VIEW, { email })
    }
    return (
      <Stack>
        <Text>{current ? t('email.codeSentToCurrentEmail', { email: current }) : t('email.codeSentToCurrent')}</Text>
        <OtpForm kit={kit} onCode={check} />
      </Stack>
    )
  }
}

/** Update email, step three: the code sent to the new address; then the account shows it. */
export function createUpdateEmailSecondaryOtpView(controller: EmailController): PorticoView {
  return function UpdateEmailSecondaryOtp({ kit, data }) {
    const t = useMessages(kit, messages)
    const email = emailOf(data)
    if (!email) return <Text variant="error">{t('email.enterNewEmailFirst')}</Text>
    const check = async (otp: string) => {
      await controller.auth.updateEmailSecondaryOtp(otp)
      controller.snack.showSuccess(t('email.update.done'))
      controller.router.reset('Account')
    }
    return (
      <Stack>
        <Text>{t('email.codeSentToEmail', { email })}</Text>
        <OtpForm kit={kit} onCode={check} />
      </Stack>
    )
  }
}
