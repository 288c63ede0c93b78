import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { type ConnectMethod, type Connector, type PorticoKit, WALLET_LIST_METHOD, sortByConnectorGroup } from '../../kernel/index.ts'
import { connectorGroup } from '../../kernel/connectOrder/connectorGroup.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { ListItem } from '../ui/ListItem.tsx'
import { usePaged } from '../ui/usePaged.ts'
import { Stack } from '../ui/Stack.tsx'
import { WalletImage } from '../ui/WalletImage.tsx'
import { ContributedComponent } from './ContributedComponent.tsx'
import type { PorticoViewProps } from '../ui/PorticoView.ts'
import { useKeepFocusOnReorder } from './useKeepFocusOnReorder.ts'
import { NoWalletFound } from './getWallet/NoWalletFound.tsx'
import { Button } from '../ui/Button.tsx'
import { LegalConsent } from './LegalConsent.tsx'
import { useLegalConsent } from './useLegalConsent.ts'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'
import { usePluginLabels } from '../i18n/pluginLabels.ts'

const selectConnectors = (s: { connectors: readonly Connector[] }) => s.connectors

/** Browser wallets listed at first, and added per "More wallets" click. */
export const WALLETS_SHOWN = 8

/**
 * The Connect view: the wallet list and the sections enabled plugins contribute
 * (email, social login, ...), in the kernel's order. With `features.legalCheckbox` the
 * legal checkbox heads them and every control in them stays disabled, its reason given,
 * until it is checked; with `features.collapseWallets` (or while a contributed section asks
 * for it) the wallet list waits behind one button.
 */
export function ConnectView({ kit }: PorticoViewProps) {
  const connectors = useStoreValue(kit.connectors.store, selectConnectors)
  // The order depends on whether an injected wallet is shown, so it follows the connector list.
  const methods = useMemo(() => kit.connectMethods(), [kit, connectors])
  const container = useRef<HTMLDivElement>(null)
  useKeepFocusOnReorder(container, methods.map((method) => method.id).join())
  const consent = useLegalConsent(kit)
  const t = useMessages(kit, coreMessages)
  const pluginLabel = usePluginLabels(kit)
  // The wallet list is the kernel's own method; the others are the plugins'.
  const label = (method: ConnectMethod) => (method.id === WALLET_LIST_METHOD ? t('connect.wallets') : pluginLabel(method.label))
  const reasonId = useId()
  const collapsed = kit.config.features.collapseWallets || methods.some((method) => 'section' in method && method.collapsesWallets?.(kit.config))
  return (
    <Stack ref={container} data-testid="portico-connect">
      {consent.required && <LegalConsent kit={kit} config={kit.config} accepted={consent.accepted} onChange={consent.setAccepted} reasonId={reasonId} />}
      {/* A disabled fieldset disables every control inside, the plugins' sections' too. */}
      <fieldset className="stack connect-methods" disabled={!consent.accepted} aria-label={t('connect.options')} aria-describedby={consent.accepted ? undefined : reasonId}>
        {methods.map((method, index) => (
          <section key={method.id} className="stack" data-method={method.id} aria-label={label(method)}>
            {index > 0 && <hr className="separator" />}
            <MethodSection method={method} label={label(method)} kit={kit} connectors={connectors} collapsed={collapsed} />
          </section>
        ))}
      </fieldset>
    </Stack>
  )
}

interface MethodSectionProps {
  readonly method: ConnectMethod
  /** The method's label in the kit's locale. */
  readonly label: string
  readonly kit: PorticoKit
  readonly connectors: readonly Connector[]
  readonly collapsed: boolean
}

function MethodSection({ method, label, kit, connectors, collapsed }: MethodSectionProps) {
  if ('section' in method) return <ContributedComponent kit={kit} name={method.section} label={label} />
  return collapsed ? <CollapsedWalletList kit={kit} connectors={connectors} /> : <WalletList kit={kit} connectors={connectors} />
}

/** The wallet list behind "Continue with a wallet"; opening it moves focus to its first wallet. */
function CollapsedWalletList({ kit, connectors }: WalletListProps) {
  const [open, setOpen] = useState(false)
  const list = useRef<HTMLDivElement>(null)
  const t = useMessages(kit, coreMessages)
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLElement>('button, a')?.focus()
  }, [open])
  if (!open) {
    return (
      <Button variant="secondary" aria-expanded={false} onClick={() => setOpen(true)}>
        {t('connect.continueWithWallet')}
      </Button>
    )
  }
  return (
    <div ref={list}>
      <WalletList kit={kit} connectors={connectors} />
    </div>
  )
}

interface WalletListProps {
  readonly kit: PorticoKit
  readonly connectors: readonly Connector[]
}

/**
 * Connector names and icons are untrusted wallet metadata: names render as text,
 * icons through WalletImage. A connector connects through the view a plugin
 * contributes for its type, else ConnectingExternal. Any page can announce wallets,
 * as many as it likes: the list grows a page at a time, on the visitor's request.
 */
function WalletList({ kit, connectors }: WalletListProps) {
  // A multi-chain wallet registers one connector per namespace; the visitor picks the wallet once.
  // An embedded wallet's connector is reached through its own section (a login form), not listed.
  // Listed in the connector group order (SPEC §9), as AllWallets lists them.
  const wallets = useMemo(() => {
    const unique = [...new Map(connectors.filter((c) => c.capabilities?.listed !== false).map((c) => [c.id, c])).values()]
    const lists = { recent: new Set((kit.storage.get('recentWallets') ?? []).map((w) => w.id)), featured: new Set(kit.config.featuredWalletIds) }
    return sortByConnectorGroup(unique.map((connector) => ({ id: connector.id, group: connectorGroup(connector, lists), connector }))).map((entry) => entry.connector)
  }, [kit, connectors])
  const { shown, hidden, showMore } = usePaged(wallets, WALLETS_SHOWN)
  const entries = kit.plugins.contributed('walletListEntries')
  const t = useMessages(kit, coreMessages)
  const label = usePluginLabels(kit)
  const select = (connector: Connector) => {
    kit.bus.emit({ type: 'SELECT_WALLET', properties: { name: connector.name, platform: 'browser' } })
    const view = kit.plugins.contributed('connectorViews').find((c) => c.connectorType === connector.type)?.view
    kit.router.push(view ?? 'ConnectingExternal', { connector: connector.id, namespace: connector.chain })
  }
  if (wallets.length === 0 && entries.length === 0) return <NoWalletFound kit={kit} />
  return (
    <ul className="list">
      {shown.map((connector) => (
        <li key={connector.id}>
          <ListItem image={<WalletImage src={connector.imageUrl} />} onClick={() => select(connector)}>
            {connector.name}
          </ListItem>
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <ListItem onClick={showMore} description={t('connect.moreWalletsCount', { count: hidden })}>
            {t('connect.moreWallets')}
          </ListItem>
        </li>
      )}
      {entries.map((entry) => (
        <li key={entry.id}>
          <ListItem onClick={() => kit.router.push(entry.view)}>{label(entry.label)}</ListItem>
        </li>
      ))}
    </ul>
  )
}
