import { type KeyboardEvent, useId, useRef } from 'react'
import type { AccountState, ChainNamespace, PorticoKit } from '../../kernel/index.ts'
import { formatBalance } from '../format/formatBalance.ts'
import { Text } from '../ui/Text.tsx'
import { WalletImage } from '../ui/WalletImage.tsx'

/** SPEC §2: the Account tabs. */
export const ACCOUNT_TABS = ['Tokens', 'NFTs', 'Activity'] as const

interface AccountTabsProps {
  readonly kit: PorticoKit
  readonly namespace: ChainNamespace
  readonly account: AccountState
}

/**
 * The ARIA tabs pattern: one tab stop, arrows move and select (automatic
 * activation), Home and End jump. The selected tab is the account's
 * `currentTab`, so it survives closing and reopening the modal.
 */
export function AccountTabs({ kit, namespace, account }: AccountTabsProps) {
  const baseId = useId()
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const selected = Math.min(Math.max(account.currentTab, 0), ACCOUNT_TABS.length - 1)

  const select = (index: number) => {
    kit.chains.updateAccount(namespace, { currentTab: index })
    tabs.current[index]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = ACCOUNT_TABS.length - 1
    const next: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    }
    const index = next[event.key]
    if (index === undefined) return
    event.preventDefault()
    select(index)
  }

  return (
    <div>
      <div className="tabs" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {ACCOUNT_TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              tabs.current[index] = element
            }}
            type="button"
            role="tab"
            className="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index)}
          >
            {tab}
          </button>
        ))}
      </div>
      {ACCOUNT_TABS.map((tab, index) => (
        <div
          key={tab}
          className="tab-panel"
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          tabIndex={0}
          hidden={index !== selected}
        >
          {index === selected && <TabPanel tab={tab} account={account} />}
        </div>
      ))}
    </div>
  )
}

/** Activity and NFTs fill in when the history and asset plugins land; until then they say so. */
function TabPanel({ tab, account }: { readonly tab: (typeof ACCOUNT_TABS)[number]; readonly account: AccountState }) {
  if (tab === 'Tokens' && account.tokenBalance.length > 0) {
    return (
      <ul className="list">
        {account.tokenBalance.map((token) => (
          <li key={`${token.chainId}:${token.address ?? token.symbol}`} className="row">
            <WalletImage src={token.iconUrl} size={32} />
            <Text as="span">{token.name}</Text>
            <Text as="span" variant="muted">
              {formatBalance(token.quantity.numeric, token.symbol)}
            </Text>
          </li>
        ))}
      </ul>
    )
  }
  const empty = { Tokens: 'No tokens yet', NFTs: 'No NFTs yet', Activity: 'No activity yet' } as const
  return <Text variant="muted">{empty[tab]}</Text>
}
