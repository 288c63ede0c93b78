import { useId, useState } from 'react'
import type { PorticoKit } from '../../../kernel/index.ts'
import { Button, Text, useMessages, useShownText } from '../../../shell/ui/index.ts'
import { messageOf } from '../routeData.ts'
import { messages } from '../locales/index.ts'

interface OtpFormProps {
  readonly kit: PorticoKit
  /** Sends the six digits; a rejection is shown and the field cleared for another try. */
  readonly onCode: (otp: string) => Promise<void>
  /** Asks for a new code; its error (the cooldown) is shown. */
  readonly onResend?: () => Promise<void>
}

/** A six-digit code field: the code is sent once all six digits are typed. */
export function OtpForm({ kit, onCode, onResend }: OtpFormProps) {
  const id = useId()
  const t = useMessages(kit, messages)
  const shown = useShownText(kit)
  const [otp, setOtp] = useState('')
  const [error, setError] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [busy, setBusy] = useState(false)

  const change = async (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 6)
    setOtp(digits)
    if (digits.length < 6) return
    setError(undefined)
    setBusy(true)
    try {
      await onCode(digits)
    } catch (reason) {
      setError(messageOf(reason))
      setOtp('')
    } finally {
      setBusy(false)
    }
  }

  const resend = async () => {
    setError(undefined)
    setNotice(undefined)
    try {
      await onResend?.()
      setNotice(t('email.otp.newCodeSent'))
    } catch (reason) {
      setError(messageOf(reason))
    }
  }

  return (
    <div className="email-form">
      <label htmlFor={id}>
        <Text as="span" variant="small">
          {t('email.otp.label')}
        </Text>
      </label>
      <input
        id={id}
        className="input otp-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        value={otp}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => void change(event.target.value)}
      />
      {error && (
        <Text id={`${id}-error`} variant="error" role="alert">
          {shown(error)}
        </Text>
      )}
      {notice && (
        <Text variant="muted" role="status">
          {notice}
        </Text>
      )}
      {onResend && (
        <Button variant="ghost" onClick={() => void resend()} disabled={busy}>
          {t('email.otp.resend')}
        </Button>
      )}
    </div>
  )
}
