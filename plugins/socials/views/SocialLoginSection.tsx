import { useEffect, useRef, useState } from 'react'
import { Icon, ListItem, type PorticoView, Text } from '../../../shell/ui/index.ts'
import type { SocialOption } from '../../../kernel/index.ts'
import type { SocialLoginProvider } from '../authPort.ts'
import type { SocialController } from '../controller.ts'
import { SOCIAL_BUTTONS } from '../providers.ts'

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong')

/**
 * The Connect view's social section: "Continue with …" per configured provider, in the
 * configured order. A click starts the login at once (the popup must open inside it); the
 * button shows the login under way and the others wait until it ends. Farcaster has its own
 * view (a QR code for the phone).
 */
export function createSocialLoginSection(
  controller: SocialController,
  providers: () => readonly SocialOption[],
  openFarcaster: () => void,
): PorticoView {
  return function SocialLoginSection() {
    const [busy, setBusy] = useState<SocialLoginProvider>()
    const [error, setError] = useState<string>()
    const mounted = useRef(true)
    useEffect(() => () => void (mounted.current = false), [])

    const click = (provider: SocialOption) => {
      if (provider === 'farcaster') return openFarcaster()
      setError(undefined)
      setBusy(provider)
      controller
        .start(provider)
        .catch((reason: unknown) => mounted.current && setError(messageOf(reason)))
        .finally(() => mounted.current && setBusy(undefined))
    }

    return (
      <div className="social-list">
        {providers().map((provider) => (
          <ListItem
            key={provider}
            image={<Icon d={SOCIAL_BUTTONS[provider].icon} />}
            disabled={busy !== undefined}
            aria-busy={busy === provider || undefined}
            onClick={() => click(provider)}
          >
            {`Continue with ${SOCIAL_BUTTONS[provider].name}`}
          </ListItem>
        ))}
        {error && (
          <Text variant="error" role="alert">
            {error}
          </Text>
        )}
      </div>
    )
  }
}
