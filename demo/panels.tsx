import { type ReactNode, useEffect, useState } from 'react'
import { useDisconnect, usePortico, usePorticoAccount, usePorticoEvents, usePorticoNetwork, usePorticoState, usePorticoTheme } from '../entries/react.ts'
import { kit } from './config.ts'
import { LOCALES, type Locale } from '../entries/portico.ts'
import { useStoreValue } from '../entries/ui.ts'
import { formatDemoBalance } from './format.ts'

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  )
}

function Field({ name, value, testId }: { name: string; value: unknown; testId: string }) {
  return (
    <div className="field">
      <dt>{name}</dt>
      <dd data-testid={testId}>{value === undefined ? '—' : String(value)}</dd>
    </div>
  )
}

export function ModalPanel() {
  const { open, close } = usePortico()
  const state = usePorticoState()
  return (
    <Panel title="usePortico / usePorticoState">
      <div className="row">
        <button type="button" data-testid="open-modal" data-portico-opener onClick={() => open()}>
          Open modal
        </button>
        <button type="button" onClick={() => open({ view: 'Account' })}>
          Open Account view
        </button>
        <button type="button" onClick={() => open({ view: 'Receive' })}>
          Open Receive view
        </button>
        <button type="button" onClick={() => open({ view: 'Networks' })}>
          Open Networks view
        </button>
        <button type="button" onClick={() => close()}>
          Close modal
        </button>
      </div>
      <dl>
        <Field name="open" value={state.open} testId="state-open" />
        <Field name="selectedNetworkId" value={state.selectedNetworkId} testId="state-network" />
        <Field name="loading" value={state.loading} testId="state-loading" />
      </dl>
    </Panel>
  )
}

export function AccountPanel() {
  const account = usePorticoAccount()
  const { caipNetwork } = usePorticoNetwork()
  const { disconnect } = useDisconnect()
  const namespace = caipNetwork?.chainNamespace
  return (
    <Panel title="usePorticoAccount / useDisconnect">
      <dl>
        <Field name="status" value={account.status} testId="account-status" />
        <Field name="address" value={account.address} testId="account-address" />
        <Field name="caipAddress" value={account.caipAddress} testId="account-caip-address" />
        <Field name="isConnected" value={account.isConnected} testId="account-connected" />
        <Field name="balance" value={formatDemoBalance(account.balance, account.balanceSymbol)} testId="account-balance" />
        {/* The embedded wallet's login: email or the social provider, and the provider's username. */}
        <Field name="authProvider" value={account.embeddedWalletInfo?.authProvider} testId="account-auth-provider" />
        <Field name="username" value={account.embeddedWalletInfo?.user.username} testId="account-username" />
      </dl>
      <div className="row">
        <button type="button" disabled={!account.isConnected} onClick={() => void disconnect()}>
          Disconnect
        </button>
        {/* useDisconnect with the active namespace: an announced wallet leaves only its namespace. */}
        <button type="button" data-testid="disconnect-namespace" disabled={!account.isConnected || !namespace} onClick={() => void disconnect(namespace)}>
          Leave {namespace ?? ''} only
        </button>
      </div>
    </Panel>
  )
}

export function NetworkPanel() {
  const { caipNetwork, chainId, switchNetwork } = usePorticoNetwork()
  return (
    <Panel title="usePorticoNetwork">
      <dl>
        <Field name="network" value={caipNetwork?.name} testId="network-name" />
        <Field name="chainId" value={chainId} testId="network-chain-id" />
      </dl>
      <label>
        Switch network{' '}
        <select
          value={caipNetwork?.caipNetworkId}
          onChange={(event) => {
            const target = kit.config.networks.find((n) => n.caipNetworkId === event.target.value)
            if (target) void switchNetwork(target).catch(() => undefined)
          }}
        >
          {kit.config.networks.map((network) => (
            <option key={network.caipNetworkId} value={network.caipNetworkId}>
              {network.name}
            </option>
          ))}
        </select>
      </label>
    </Panel>
  )
}

/** The language menu: every locale, in its own name; the choice goes into `?locale=` so a reload keeps it. */
export function LanguagePanel() {
  const locale = useStoreValue(kit.locale, (state) => state.locale)
  const choose = (next: Locale) => {
    kit.setLocale(next)
    const url = new URL(globalThis.location.href)
    url.searchParams.set('locale', next)
    globalThis.history.replaceState(null, '', url)
  }
  return (
    <Panel title="kit.setLocale">
      <label>
        Language{' '}
        <select data-testid="demo-locale" value={locale} onChange={(event) => choose(event.target.value as Locale)}>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code}
            </option>
          ))}
        </select>
      </label>
    </Panel>
  )
}

export function ThemePanel() {
  const { themeMode, themeVariables, setThemeMode, setThemeVariables } = usePorticoTheme()
  return (
    <Panel title="usePorticoTheme">
      <dl>
        <Field name="themeMode" value={themeMode} testId="theme-mode" />
      </dl>
      <div className="row">
        <button type="button" onClick={() => setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}>
          Toggle light / dark
        </button>
        <label>
          Accent <input type="color" value={themeVariables['--portico-accent'] ?? '#4f7cff'} onChange={(event) => setThemeVariables({ '--portico-accent': event.target.value })} />
        </label>
      </div>
    </Panel>
  )
}

/** The hash of the last transaction the kit reported sent (the send plugin's SEND_SUCCESS), kept until the next one. */
function useLastSentHash(): string | undefined {
  const [hash, setHash] = useState<string>()
  useEffect(
    () =>
      kit.subscribeEvents((event) => {
        const sent = event.type === 'PLUGIN_EVENT' && event.plugin === 'send' && event.name === 'SEND_SUCCESS' ? event.properties?.['hash'] : undefined
        if (typeof sent === 'string') setHash(sent)
      }),
    [],
  )
  return hash
}

export function EventsPanel() {
  const latest = usePorticoEvents()
  const sentHash = useLastSentHash()
  return (
    <Panel title="usePorticoEvents">
      <dl>
        <Field name="latest event" value={latest?.event.type} testId="latest-event" />
        <Field name="last sent transaction" value={sentHash} testId="last-sent-hash" />
      </dl>
    </Panel>
  )
}
