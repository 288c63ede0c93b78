import { useId } from 'react'
import type { PorticoConfig, PorticoKit } from '../../kernel/index.ts'
import { Text } from '../ui/Text.tsx'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'

export interface LegalConsentProps {
  readonly kit: PorticoKit
  readonly config: Pick<PorticoConfig, 'termsConditionsUrl' | 'privacyPolicyUrl'>
  readonly accepted: boolean
  readonly onChange: (accepted: boolean) => void
  /** The id of the reason the connect controls are disabled, shown while the box is unchecked. */
  readonly reasonId: string
}

/**
 * The legal checkbox (`features.legalCheckbox`): "I agree to the Terms of Service and the
 * Privacy Policy", each a link opening in a new tab; while unchecked, the reason the
 * controls below are disabled, as a status the screen reader reads when it changes.
 */
export function LegalConsent({ kit, config, accepted, onChange, reasonId }: LegalConsentProps) {
  const id = useId()
  const t = useMessages(kit, coreMessages)
  const terms = config.termsConditionsUrl
  const privacy = config.privacyPolicyUrl
  return (
    <div className="legal" data-testid="legal-consent">
      <div className="legal-row">
        <input id={id} className="legal-box" type="checkbox" checked={accepted} onChange={(event) => onChange(event.target.checked)} />
        <label htmlFor={id}>
          <Text as="span" variant="small">
            {t('connect.legalAgree')}{' '}
            {terms && <DocumentLink href={terms}>{t('connect.terms')}</DocumentLink>}
            {terms && privacy && ` ${t('connect.legalAnd')} `}
            {privacy && <DocumentLink href={privacy}>{t('connect.privacy')}</DocumentLink>}
          </Text>
        </label>
      </div>
      <div role="status">
        {!accepted && (
          <Text id={reasonId} variant="muted">
            {t('connect.legalRequired')}
          </Text>
        )}
      </div>
    </div>
  )
}

function DocumentLink({ href, children }: { readonly href: string; readonly children: string }) {
  return (
    <a className="legal-link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}
