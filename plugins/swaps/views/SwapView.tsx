import { useEffect, useId } from 'react'
import { type ChainState, type Locale, formatBalance } from '../../../kernel/index.ts'
import { formatUnits } from '../../../kernel/wallets/index.ts'
import { Button, type PorticoView, Text, type TranslateOf, useLocale, useMessages, useShownText, useStoreValue } from '../../../shell/ui/index.ts'
import type { SwapController } from '../controller.ts'
import { SwapsText, type SwapState } from '../state.ts'
import { tokenKey } from '../tokens.ts'
import { messages } from '../locales/index.ts'

const activeAccount = (state: ChainState) => state.chains[state.activeNamespace]?.accountState

const amountText = (amount: bigint, token: { decimals: number; symbol: string }, locale: Locale) => formatBalance(formatUnits(amount, token.decimals), token.symbol, locale)

function buttonLabel({ step, needsApproval, quote }: SwapState, t: TranslateOf<typeof messages>): string {
  if (step === 'approve') return t('swaps.approving', { token: quote?.from.symbol ?? '' })
  if (step === 'swap') return t('swaps.swapping')
  return needsApproval ? t('swaps.approveAndSwap', { token: quote?.from.symbol ?? '' }) : t('swaps.swap')
}

/** The controller's errors are English catalogue texts; the visitor reads them translated. */
const ERROR_KEYS = {
  [SwapsText.INVALID_ARGUMENTS]: 'swaps.invalidArguments',
  [SwapsText.INSUFFICIENT_FUNDS]: 'swaps.insufficientFunds',
  [SwapsText.QUOTE_FAILED]: 'swaps.quoteFailed',
} as const

/**
 * The swap form: from-token, to-token, amount; the quote (what arrives, the least that
 * may arrive at 1 % slippage, the price impact, whether an approval comes first); then the
 * wallet is asked to approve (once) and to swap.
 */
export function createSwapView(controller: SwapController): PorticoView {
  return function SwapView({ kit, data }) {
    const id = useId()
    const t = useMessages(kit, messages)
    const shown = useShownText(kit)
    const locale = useLocale(kit)
    const state = useStoreValue(controller.store, (s) => s)
    const account = useStoreValue(kit.chains, activeAccount)
    // The token list follows the portfolio as it loads.
    useStoreValue(kit.chains, (s) => s.chains[s.activeNamespace]?.accountState.tokenBalance)
    const address = account?.address

    useEffect(() => {
      if (address) void controller.open(data)
    }, [address, data])

    if (!address) return <Text variant="muted">{t('swaps.connectFirst')}</Text>
    const options = controller.options()
    const from = options.find((token) => tokenKey(token) === state.fromKey)
    const to = options.find((token) => tokenKey(token) === state.toKey)
    const { quote, noPool, quoting, error, step } = state
    const ids = { from: `${id}-from`, to: `${id}-to`, amount: `${id}-amount`, error: `${id}-error` }
    return (
      <form
        className="swap-form"
        aria-describedby={error ? ids.error : undefined}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void controller.swap()
        }}
      >
        <div className="swap-field">
          <label className="text" data-variant="small" htmlFor={ids.from}>
            {t('swaps.from')}
          </label>
          <select id={ids.from} className="input" value={state.fromKey ?? ''} disabled={Boolean(step)} onChange={(event) => controller.setFrom(event.target.value)}>
            {options.map((token) => (
              <option key={tokenKey(token)} value={tokenKey(token)}>
                {t('swaps.tokenOption', { token: token.name, balance: amountText(token.balance, token, locale) })}
              </option>
            ))}
          </select>
        </div>
        <div className="swap-field">
          <label className="text" data-variant="small" htmlFor={ids.amount}>
            {t('swaps.amount')}
          </label>
          <input
            id={ids.amount}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={state.amount}
            disabled={Boolean(step)}
            onChange={(event) => controller.setAmount(event.target.value)}
          />
        </div>
        <div className="swap-field">
          <label className="text" data-variant="small" htmlFor={ids.to}>
            {t('swaps.to')}
          </label>
          <select id={ids.to} className="input" value={state.toKey ?? ''} disabled={Boolean(step)} onChange={(event) => controller.setTo(event.target.value)}>
            {options.map((token) => (
              <option key={tokenKey(token)} value={tokenKey(token)}>
                {token.name}
              </option>
            ))}
          </select>
        </div>
        {quoting && !quote && <Text variant="muted">{t('swaps.readingQuote')}</Text>}
        {noPool && from && to && (
          <Text variant="muted" data-testid="swap-no-pool">
            {t('swaps.noPool', { from: from.symbol, to: to.symbol })}
          </Text>
        )}
        {quote && (
          <dl className="swap-summary" aria-label={t('swaps.quote')}>
            <dt>{t('swaps.youReceive')}</dt>
            <dd data-testid="swap-quote-out">{`≈ ${amountText(quote.amountOut, quote.to, locale)}`}</dd>
            <dt>{t('swaps.minimumReceived')}</dt>
            <dd data-testid="swap-quote-min">
              {t('swaps.slippage', { amount: amountText(quote.amountOutMin, quote.to, locale), percent: new Intl.NumberFormat(locale, { style: 'percent' }).format(0.01) })}
            </dd>
            <dt>{t('swaps.priceImpact')}</dt>
            <dd data-testid="swap-price-impact">{new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2 }).format(quote.priceImpactBps / 10_000)}</dd>
            {state.needsApproval && (
              <>
                <dt>{t('swaps.approval')}</dt>
                <dd>{t('swaps.approvedFirst', { token: quote.from.symbol })}</dd>
              </>
            )}
          </dl>
        )}
        {error && (
          <Text id={ids.error} variant="error" role="alert" data-testid="swap-error">
            {error in ERROR_KEYS ? t(ERROR_KEYS[error as keyof typeof ERROR_KEYS]) : shown(error)}
          </Text>
        )}
        <Button type="submit" disabled={!quote || Boolean(error) || Boolean(step)} aria-busy={Boolean(step) || undefined}>
          {buttonLabel(state, t)}
        </Button>
      </form>
    )
  }
}
