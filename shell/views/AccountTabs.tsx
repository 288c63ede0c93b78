import { type KeyboardEvent, useId, useRef } from 'react'
import type { AccountState, ChainNamespace, PorticoKit } from '../../kernel/index.ts'
import { ContributedComponent } from './ContributedComponent.tsx'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'
import { usePluginLabels } from '../i18n/pluginLabels.ts'

interface AccountTabsProps {
  readonly kit: PorticoKit
  readonly namespace: ChainNamespace
  readonly account: AccountState
}

/**
 * The Account view's tabs, one per tab an enabled plugin contributes (none: no tab
 * list at all). The ARIA tabs pattern: one tab stop, arrows move and select
 * (automatic activation), Home and End jump. The selected tab is the account's
 * `currentTab`, so it survives closing and reopening the modal.
 */
export function AccountTabs({ kit, namespace, account }: AccountTabsProps) {
  const baseId = useId()
  const tabs = kit.plugins.contributed('accountTabs')
  const t = useMessages(kit, coreMessages)
  const label = usePluginLabels(kit)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  if (tabs.length === 0) return null
  const selected = Math.min(Math.max(account.currentTab, 0), tabs.length - 1)

  const select = (index: number) => {
    kit.chains.updateAccount(namespace, { currentTab: index })
    buttons.current[index]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1
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
      <div className="tabs" role="tablist" aria-label={t('account.tabs')} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element
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
            {label(tab.label)}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div key={tab.id} className="tab-panel" role="tabpanel" id={`${baseId}-panel-${index}`} aria-labelledby={`${baseId}-tab-${index}`} tabIndex={0} hidden={index !== selected}>
          {index === selected && <ContributedComponent kit={kit} name={tab.panel} label={tab.label} />}
        </div>
      ))}
    </div>
  )
}
