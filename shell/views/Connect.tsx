import { type FormEvent, useId, useMemo, useRef, useState } from 'react'
import * as v from 'valibot'
import type { Connector, ConnectMethod, Features, PorticoKit, SocialOption } from '../../kernel/index.ts'
import { useStoreValue } from '../hooks/useStoreValue.ts'
import { Button } from '../ui/Button.tsx'
import { ListItem } from '../ui/ListItem.tsx'
import { Stack } from '../ui/Stack.tsx'
import { Text } from '../ui/Text.tsx'
import { WalletImage } from '../ui/WalletImage.tsx'
import type { PorticoViewProps } from './PorticoView.ts'
import { useKeepFocusOnReorder } from './useKeepFocusOnReorder.ts'

const EmailSchema = v.pipe(v.string(), v.trim(), v.email())
const INVALID_EMAIL = 'Enter a valid email address'

const SOCIAL_LABELS: Record<SocialOption, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
}

const selectConnectors = (s: { connectors: readonly Connector[] }) => s.connectors

/** SPEC §2 Connect: the enabled connect methods in the kernel's order. */
export function ConnectView({ kit }: PorticoViewProps) {
  const connectors = useStoreValue(kit.connectors.store, selectConnectors)
  // The order depends on whether an injected wallet is shown, so it follows the connector list.
  const methods = useMemo(() => kit.connectMethods(), [kit, connectors])
  const container = useRef<HTMLDivElement>(null)
  useKeepFocusOnReorder(container, methods.join())
  return (
    <Stack ref={container} data-testid="portico-connect">
      {methods.map((method, index) => (
        <section key={method} className="stack" data-method={method} aria-label={METHOD_LABELS[method]}>
          {index > 0 && <hr className="separator" />}
          <MethodSection method={method} kit={kit} connectors={connectors} />
        </section>
      ))}
    </Stack>
  )
}

const METHOD_LABELS: Record<ConnectMethod, string> = { email: 'Email login', social: 'Social login', wallet: 'Wallets' }

interface MethodSectionProps {
  readonly method: ConnectMethod
  readonly kit: PorticoKit
  readonly connectors: readonly Connector[]
}

function MethodSection({ method, kit, connectors }: MethodSectionProps) {
  if (method === 'email') return <EmailForm />
  if (method === 'social') return <SocialButtons socials={kit.config.features.socials} />
  return <WalletList kit={kit} connectors={connectors} />
}

/** Validated here; the embedded-wallet plugin will take the submitted address (a later issue). */
function EmailForm() {
  const inputId = useId()
  const errorId = useId()
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = new FormData(event.currentTarget).get('email')
    setError(v.safeParse(EmailSchema, email).success ? undefined : INVALID_EMAIL)
  }
  return (
    <form className="stack" noValidate onSubmit={submit}>
      <label className="sr-only" htmlFor={inputId}>
        Email
      </label>
      <input
        id={inputId}
        className="input"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="Email"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <Text id={errorId} variant="error" role="alert">
          {error}
        </Text>
      )}
      <Button type="submit">Continue with email</Button>
    </form>
  )
}

/** One button per configured provider, in the configured order; the social-login plugin wires them. */
function SocialButtons({ socials }: { readonly socials: Features['socials'] }) {
  if (!socials) return null
  return (
    <ul className="list">
      {socials.map((social) => (
        <li key={social}>
          <Button variant="secondary" data-social={social}>
            Continue with {SOCIAL_LABELS[social]}
          </Button>
        </li>
      ))}
    </ul>
  )
}

interface WalletListProps {
  readonly kit: PorticoKit
  readonly connectors: readonly Connector[]
}

/** Connector names and icons are untrusted wallet metadata: names render as text, icons through WalletImage. */
function WalletList({ kit, connectors }: WalletListProps) {
  // A multi-chain wallet registers one connector per namespace; the visitor picks the wallet once.
  const wallets = useMemo(() => [...new Map(connectors.map((c) => [c.id, c])).values()], [connectors])
  const select = (connector: Connector) => {
    kit.bus.emit({ type: 'SELECT_WALLET', properties: { name: connector.name, platform: 'browser' } })
    kit.router.push('ConnectingExternal', { connector: connector.id, namespace: connector.chain })
  }
  return (
    <ul className="list">
      {wallets.map((connector) => (
        <li key={connector.id}>
          <ListItem image={<WalletImage src={connector.imageUrl} />} onClick={() => select(connector)}>
            {connector.name}
          </ListItem>
        </li>
      ))}
      {kit.config.features.allWallets && (
        <li>
          <ListItem onClick={() => kit.router.push('AllWallets')}>All wallets</ListItem>
        </li>
      )}
    </ul>
  )
}
