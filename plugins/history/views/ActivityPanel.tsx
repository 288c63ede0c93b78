import { useEffect, useMemo, useRef } from 'react'
import type { Transaction } from '../../../protocol/api/schemas.ts'
import type { ChainState, Locale } from '../../../kernel/index.ts'
import {
  Button,
  type PorticoView,
  Spinner,
  Text,
  WalletImage,
  formatBalance,
  truncateAddress,
  useLocale,
  useStoreValue,
  type TranslateOf,
  useMessages,
} from '../../../shell/ui/index.ts'
import type { History, HistoryState } from '../history.ts'
import { amountSign, groupByMonth, monthTitle } from '../transactions.ts'
import { messages } from '../locales/index.ts'

const selectNetworkName = (s: ChainState) => s.activeCaipNetwork.name
const whole = (s: HistoryState) => s

/** The other side of the transaction: who sent it in, or where it went. */
function counterparty(transaction: Transaction, t: TranslateOf<typeof messages>): string {
  const incoming = transaction.transfers[0]?.direction === 'in' || transaction.metadata.operationType === 'receive'
  return incoming ? t('history.from', { address: truncateAddress(transaction.metadata.sentFrom) }) : t('history.to', { address: truncateAddress(transaction.metadata.sentTo) })
}

function TransactionRow({
  transaction,
  t,
  locale,
  dayFormat,
}: {
  readonly transaction: Transaction
  readonly t: TranslateOf<typeof messages>
  readonly locale: Locale
  readonly dayFormat: Intl.DateTimeFormat
}) {
  const { operationType, status, minedAt } = transaction.metadata
  const first = transaction.transfers[0]
  const icon = first?.fungible_info?.icon?.url ?? first?.nft_info?.content?.preview?.url
  return (
    <li className="activity-row" data-testid="activity-row" data-hash={transaction.metadata.hash}>
      <WalletImage src={icon} size={32} />
      <span className="activity-main">
        <span className="activity-title">
          {t('history.operation', { operation: operationType })}
          {t('history.status', { status })}
        </span>
        <span className="activity-detail">
          <bdi dir="ltr">{counterparty(transaction, t)}</bdi>
        </span>
      </span>
      <span className="activity-side">
        {transaction.transfers.map((transfer, index) => (
          <span key={index} className="activity-amount" data-testid="activity-amount" dir="ltr">
            {amountSign(operationType, transfer.direction)}
            {formatBalance(transfer.quantity.numeric, transfer.fungible_info?.symbol ?? transfer.nft_info?.name, locale)}
          </span>
        ))}
        <time className="activity-detail" dateTime={minedAt}>
          {dayFormat.format(new Date(minedAt))}
        </time>
      </span>
    </li>
  )
}

/** Loads the next page when it scrolls into view; a button too, for keyboards and for pages without IntersectionObserver. */
function LoadMore({ history, transactions, label }: { readonly history: History; readonly transactions: number; readonly label: string }) {
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const element = button.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    // A new observer per page read: its first report says whether the end is still in view.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void history.loadMore()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [history, transactions])
  return (
    <Button ref={button} variant="ghost" onClick={() => void history.loadMore()}>
      {label}
    </Button>
  )
}

/**
 * The Activity tab: the account's transactions on the connected network, by month,
 * newest first; the next page loads as the list scrolls to its end.
 */
export function createActivityPanel(history: History): PorticoView {
  return function ActivityPanel({ kit }) {
    const state = useStoreValue(history.store, whole)
    const networkName = useStoreValue(kit.chains, selectNetworkName)
    const locale = useLocale(kit)
    const t = useMessages(kit, messages)
    const dayFormat = useMemo(() => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }), [locale])
    useEffect(() => history.show(), [])

    if (state.status === 'unsupported') {
      return (
        <div className="status">
          <Text variant="muted">{t('history.unsupported')}</Text>
        </div>
      )
    }
    if (state.status === 'failed') {
      return (
        <div className="status" role="alert">
          <Text variant="error" data-testid="activity-error">
            {t('history.failed')}
          </Text>
          <Button variant="secondary" onClick={() => void history.refresh()}>
            {t('history.tryAgain')}
          </Button>
        </div>
      )
    }
    if (state.status !== 'ready') {
      return (
        <div className="status" role="status" aria-label={t('history.loading')}>
          <Spinner />
        </div>
      )
    }
    if (state.empty) {
      return (
        <div className="status" data-testid="activity-empty">
          <Text>{t('history.empty', { network: networkName })}</Text>
          <Text variant="muted">{t('history.emptyWhy')}</Text>
        </div>
      )
    }
    const now = new Date()
    return (
      <div className="activity" data-testid="activity">
        {groupByMonth(state.transactions).map((group) => (
          <section key={group.key} className="activity-month" aria-labelledby={`activity-${group.key}`}>
            <Text as="h3" variant="small" id={`activity-${group.key}`} className="activity-heading">
              {monthTitle(group, now, locale)}
            </Text>
            <ul className="activity-list">
              {group.transactions.map((transaction) => (
                <TransactionRow key={transaction.id} transaction={transaction} t={t} locale={locale} dayFormat={dayFormat} />
              ))}
            </ul>
          </section>
        ))}
        {state.next &&
          (state.loadingMore ? (
            <div className="status" role="status" aria-label={t('history.loadingMore')}>
              <Spinner />
            </div>
          ) : (
            <LoadMore history={history} transactions={state.transactions.length} label={t('history.loadMore')} />
          ))}
      </div>
    )
  }
}
