import { useEffect, useState } from 'react'
import type { DependencyContainer } from 'tsyringe'
import { supportsFeature } from '../../../services/blockchainApi/support.ts'
import { tokenBalances } from '../../../services/blockchainApi/tokenBalances.ts'
import { formatDollars } from '../../../kernel/format/formatDollars.ts'
import { type ChainState, type Locale, type TokenBalance, isUnsupportedPlaceholder } from '../../../kernel/index.ts'
import { type PorticoView, Spinner, Text, WalletImage, formatBalance, shallowEqual, useLocale, useMessages, useStoreValue } from '../../../shell/ui/index.ts'
import { messages } from '../locales/index.ts'

const EMPTY: readonly TokenBalance[] = []

function tokensView(state: ChainState) {
  const network = state.activeCaipNetwork
  const account = state.chains[state.activeNamespace]?.accountState
  return {
    address: account?.address,
    network,
    tokens: account?.tokenBalance ?? EMPTY,
    // Dollar values are 0.00 on testnets and on networks without balances (§9).
    priced: !network.testnet && !isUnsupportedPlaceholder(network) && supportsFeature('balance', state.activeNamespace),
  }
}

function TokenRow({ token, priced, locale }: { readonly token: TokenBalance; readonly priced: boolean; readonly locale: Locale }) {
  return (
    <li className="portfolio-row" data-testid="token-row" data-symbol={token.symbol}>
      <WalletImage src={token.iconUrl} size={32} />
      <span className="portfolio-main">
        <span className="portfolio-name">{token.name}</span>
        <span className="portfolio-detail" data-testid="token-amount" dir="ltr">
          {formatBalance(token.quantity.numeric, token.symbol, locale)}
        </span>
      </span>
      <span className="portfolio-side" data-testid="token-value" dir="ltr">
        {formatDollars(priced ? (token.value ?? 0) : 0, locale)}
      </span>
    </li>
  )
}

/**
 * The Tokens tab: the account's balances on the connected network, with their dollar
 * values (2 decimals) and amounts (3 decimals), and their total. It asks for fresh
 * balances when shown and when the account or network changes.
 */
export function createTokensPanel(container: DependencyContainer): PorticoView {
  return function TokensPanel({ kit }) {
    const { address, network, tokens, priced } = useStoreValue(kit.chains, tokensView, shallowEqual)
    const [loading, setLoading] = useState(true)
    const t = useMessages(kit, messages)
    const locale = useLocale(kit)
    useEffect(() => {
      let live = true
      setLoading(true)
      void tokenBalances(container)
        .refresh()
        .finally(() => live && setLoading(false))
      return () => {
        live = false
      }
    }, [address, network.caipNetworkId])

    // The list can still hold the previous network's tokens for a moment after a switch.
    const shown = tokens.filter((token) => token.chainId === network.caipNetworkId)
    if (shown.length === 0) {
      return loading ? (
        <div className="status" role="status" aria-label={t('portfolio.loadingTokens')}>
          <Spinner />
        </div>
      ) : (
        <div className="status" data-testid="tokens-empty">
          <Text>{t('portfolio.noTokens', { network: network.name })}</Text>
          <Text variant="muted">{t('portfolio.tokensWillShow', { network: network.name })}</Text>
        </div>
      )
    }
    const total = priced ? shown.reduce((sum, token) => sum + (token.value ?? 0), 0) : 0
    return (
      <div className="portfolio">
        <div className="portfolio-total">
          <Text variant="muted">{t('portfolio.totalBalance')}</Text>
          <Text variant="title" data-testid="tokens-total" dir="ltr">
            {formatDollars(total, locale)}
          </Text>
        </div>
        <ul className="portfolio-list" aria-label={t('portfolio.tokensOn', { network: network.name })}>
          {shown.map((token) => (
            <TokenRow key={token.address ?? 'native'} token={token} priced={priced} locale={locale} />
          ))}
        </ul>
      </div>
    )
  }
}
