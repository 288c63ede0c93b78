import { useId } from 'react'
import type { PorticoConfig, PorticoKit } from '../../kernel/index.ts'
import { Text } from '../ui/Text.tsx'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'
import { richText } from '../ui/richText.tsx'

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
 * Privacy Policy" (or the one document configured), one message whose `<0>` and `<1>` are
 * the links, each opening in a new tab; while unchecked, the reason the controls below are
 * disabled, as a status the screen reader reads when it changes.
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
            {richText(t('connect.legalAgreement', { documents: terms && privacy ? 'both' : terms ? 'terms' : 'privacy' }), [
              (text) => (terms ? <DocumentLink href={terms}>{text}</DocumentLink> : text),
              (text) => (privacy ? <DocumentLink href={privacy}>{text}</DocumentLink> : text),
            ])}
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
