import { useEffect, useRef, useState } from 'react'
import { Icon, IconButton, ListItem, type PorticoView, Text, useMessages, useShownText } from '../../../shell/ui/index.ts'
import type { SocialOption } from '../../../kernel/index.ts'
import type { SocialLoginProvider } from '../authPort.ts'
import type { SocialController } from '../controller.ts'
import { MORE_PROVIDERS_ICON, SOCIAL_BUTTONS } from '../providers.ts'
import { messages } from '../locales/index.ts'

/** Icon buttons in the row under the first provider; past this many, the last place opens the rest. */
export const ICONS_IN_ROW = 4

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong')

/**
 * The Connect view's social section: "Continue with …" per configured provider, in the
 * configured order. Up to two providers are full rows; with more, the first is a full row
 * and the rest a row of icon buttons with the same names, the ones past ICONS_IN_ROW behind
 * a "More" button, so seven providers no longer fill a phone's screen. A click starts the login at once (the popup must open inside it); the
 * button shows the login under way and the others wait until it ends. Farcaster has its own
 * view (a QR code for the phone).
 */
export function createSocialLoginSection(controller: SocialController, providers: () => readonly SocialOption[], openFarcaster: () => void): PorticoView {
  return function SocialLoginSection({ kit }) {
    const t = useMessages(kit, messages)
    const shown = useShownText(kit)
    const continueWith = (provider: SocialOption) => t('socials.continueWith', { provider: SOCIAL_BUTTONS[provider].name })
    const [busy, setBusy] = useState<SocialLoginProvider>()
    const [error, setError] = useState<string>()
    const [expanded, setExpanded] = useState(false)
    const mounted = useRef(true)
    const row = useRef<HTMLDivElement>(null)
    useEffect(() => () => void (mounted.current = false), [])
    // The More button is gone once the rest show: focus goes to the first of them, not to the page.
    useEffect(() => {
      if (expanded) row.current?.querySelectorAll<HTMLElement>('button')[ICONS_IN_ROW - 1]?.focus()
    }, [expanded])

    const click = (provider: SocialOption) => {
      if (provider === 'farcaster') return openFarcaster()
      setError(undefined)
      setBusy(provider)
      controller
        .start(provider)
        .catch((reason: unknown) => mounted.current && setError(messageOf(reason)))
        .finally(() => mounted.current && setBusy(undefined))
    }

    const list = providers()
    const [first, ...rest] = list
    const compact = list.length > 2
    const overflow = compact && !expanded && rest.length > ICONS_IN_ROW
    const icons = overflow ? rest.slice(0, ICONS_IN_ROW - 1) : rest
    const button = (provider: SocialOption) => ({
      disabled: busy !== undefined,
      'aria-busy': busy === provider || undefined,
      onClick: () => click(provider),
    })

    return (
      <div className="social-list">
        {(compact ? [first!] : list).map((provider) => (
          <ListItem key={provider} image={<Icon d={SOCIAL_BUTTONS[provider].icon} />} {...button(provider)}>
            {continueWith(provider)}
          </ListItem>
        ))}
        {compact && (
          <div className="social-icons" ref={row}>
            {icons.map((provider) => (
              <IconButton key={provider} aria-label={continueWith(provider)} data-provider={provider} {...button(provider)}>
                <Icon d={SOCIAL_BUTTONS[provider].icon} />
              </IconButton>
            ))}
            {overflow && (
              <IconButton aria-label={t('socials.moreWays')} aria-expanded={false} onClick={() => setExpanded(true)}>
                <Icon d={MORE_PROVIDERS_ICON} />
              </IconButton>
            )}
          </div>
        )}
        {error && (
          <Text variant="error" role="alert">
            {shown(error)}
          </Text>
        )}
      </div>
    )
  }
}
