import { useId, useState } from 'react'
import * as v from 'valibot'
import { Button, type PorticoView, Text, useMessages, useShownText } from '../../../shell/ui/index.ts'
import type { EmailController } from '../controller.ts'
import { EmailSchema, messageOf } from '../routeData.ts'
import { messages } from '../locales/index.ts'
import { EMAIL_VERIFY_DEVICE_VIEW, EMAIL_VERIFY_OTP_VIEW } from '../contract.ts'

/**
 * The Connect view's email section: an email field and Continue. Focusing the field
 * loads the secure frame (nothing is asked of the frame's origin before); Continue
 * asks the frame to send a device link or a code, and opens the view for that step.
 */
export function createEmailLoginSection(controller: EmailController): PorticoView {
  return function EmailLoginSection({ kit }) {
    const id = useId()
    const t = useMessages(kit, messages)
    const shown = useShownText(kit)
    const [email, setEmail] = useState('')
    const [error, setError] = useState<string>()
    const [busy, setBusy] = useState(false)

    const preload = () => {
      controller.auth.preload().catch((reason: unknown) => setError(messageOf(reason)))
    }

    const submit = async (event: { preventDefault(): void }) => {
      event.preventDefault()
      const parsed = v.safeParse(EmailSchema, email)
      if (!parsed.success) return setError(parsed.issues[0].message)
      setError(undefined)
      setBusy(true)
      let timedOut = false
      try {
        const { action } = await controller.connectEmail(parsed.output, () => {
          timedOut = true
        })
        if (action === 'VERIFY_DEVICE') controller.router.push(EMAIL_VERIFY_DEVICE_VIEW, { email: parsed.output })
        else if (action === 'VERIFY_OTP') controller.router.push(EMAIL_VERIFY_OTP_VIEW, { email: parsed.output })
        else await controller.finishLogin(parsed.output)
      } catch (reason) {
        setError(timedOut ? t('email.requestTimedOut') : messageOf(reason))
      } finally {
        setBusy(false)
      }
    }

    return (
      <form className="email-form" onSubmit={submit} noValidate>
        <label className="sr-only" htmlFor={id}>
          {t('email.field.email')}
        </label>
        <input
          id={id}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('email.field.email')}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={preload}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error && (
          <Text id={`${id}-error`} variant="error" role="alert">
            {shown(error)}
          </Text>
        )}
        <Button type="submit" disabled={busy || email.trim() === ''}>
          {busy ? t('email.sending') : t('email.continue')}
        </Button>
      </form>
    )
  }
}
