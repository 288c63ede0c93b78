import { useState } from 'react'
import type { PorticoKit } from '../../kernel/index.ts'

export interface LegalConsentState {
  /** `features.legalCheckbox` is on: the box is shown and guards every connect control. */
  readonly required: boolean
  readonly accepted: boolean
  readonly setAccepted: (accepted: boolean) => void
}

/**
 * Whether the visitor agreed to the app's documents. The choice is kept in storage with the
 * documents' addresses, so an app that links new ones asks again.
 */
export function useLegalConsent(kit: PorticoKit): LegalConsentState {
  const required = kit.config.features.legalCheckbox
  const documents = { terms: kit.config.termsConditionsUrl, privacy: kit.config.privacyPolicyUrl }
  const [accepted, setState] = useState(() => {
    const stored = kit.storage.get('legalAccepted')
    return stored?.terms === documents.terms && stored?.privacy === documents.privacy
  })
  const setAccepted = (next: boolean) => {
    if (next) kit.storage.set('legalAccepted', { ...(documents.terms ? { terms: documents.terms } : {}), ...(documents.privacy ? { privacy: documents.privacy } : {}) })
    else kit.storage.remove('legalAccepted')
    setState(next)
  }
  return { required, accepted: !required || accepted, setAccepted }
}
