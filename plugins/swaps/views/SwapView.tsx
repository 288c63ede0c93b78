import { useEffect, useId } from 'react'
import { type ChainState, formatBalance } from '../../../kernel/index.ts'
import { formatUnits } from '../../../kernel/wallets/index.ts'
import { Button, type PorticoView, Text, useStoreValue } from '../../../shell/ui/index.ts'
import { SwapsText, type SwapController, type SwapState } from '../controller.ts'
import { tokenKey } from '../tokens.ts'

const activeAccount = (state: ChainState) => state.chains[state.activeNamespace]?.accountState

const amountText = (amount: bigint, token: { decimals: number; symbol: string }) => formatBalance(formatUnits(amount, token.decimals), token.symbol)

function buttonLabel({ step, needsApproval, quote }: SwapState): string {
  if (step === 'approve') return `Approving ${quote?.from.symbol ?? ''}…`
  if (step === 'swap') return 'Swapping…'
  return needsApproval ? `Approve ${quote?.from.symbol ?? ''} and swap` : 'Swap'
}

/**
 * The swap form: from-token, to-token, amount; the quote (what arrives, the least that
 * may arrive at 1 % slippage, the price impact, whether an approval comes first); then the
 * wallet is asked to approve (once) and to swap.
 */
export function createSwapView(controller: SwapController): PorticoView {
  return function SwapView({ kit, data }) {
    const id = useId()
    const state = useStoreValue(controller.store, (s) => s)
    const account = useStoreValue(kit.chains, activeAccount)
    // The token list follows the portfolio as it loads.
    useStoreValue(kit.chains, (s) => s.chains[s.activeNamespace]?.accountState.tokenBalance)
    const address = account?.address

    useEffect(() => {
      if (address) void controller.open(data)
    }, [address, data])

    if (!address) return <Text variant="muted">Connect a wallet to swap.</Text>
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
            From
          </label>
          <select id={ids.from} className="input" value={state.fromKey ?? ''} disabled={Boolean(step)} onChange={(event) => controller.setFrom(event.target.value)}>
            {options.map((token) => (
              <option key={tokenKey(token)} value={tokenKey(token)}>
                {`${token.name}: ${amountText(token.balance, token)}`}
              </option>
            ))}
          </select>
        </div>
        <div className="swap-field">
          <label className="text" data-variant="small" htmlFor={ids.amount}>
            Amount
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
            To
          </label>
          <select id={ids.to} className="input" value={state.toKey ?? ''} disabled={Boolean(step)} onChange={(event) => controller.setTo(event.target.value)}>
            {options.map((token) => (
              <option key={tokenKey(token)} value={tokenKey(token)}>
                {token.name}
              </option>
            ))}
          </select>
        </div>
        {quoting && !quote && <Text variant="muted">Reading the quote…</Text>}
        {noPool && from && to && (
          <Text variant="muted" data-testid="swap-no-pool">
            {SwapsText.noPool(from.symbol, to.symbol)}
          </Text>
        )}
        {quote && (
          <dl className="swap-summary" aria-label="Quote">
            <dt>You receive</dt>
            <dd data-testid="swap-quote-out">{`≈ ${amountText(quote.amountOut, quote.to)}`}</dd>
            <dt>Minimum received</dt>
            <dd data-testid="swap-quote-min">{`${amountText(quote.amountOutMin, quote.to)} (1% slippage)`}</dd>
            <dt>Price impact</dt>
            <dd data-testid="swap-price-impact">{`${(quote.priceImpactBps / 100).toFixed(2)}%`}</dd>
            {state.needsApproval && (
              <>
                <dt>Approval</dt>
                <dd>{`${quote.from.symbol} is approved for the exchange first`}</dd>
              </>
            )}
          </dl>
        )}
        {error && (
          <Text id={ids.error} variant="error" role="alert" data-testid="swap-error">
            {error}
          </Text>
        )}
        <Button type="submit" disabled={!quote || Boolean(error) || Boolean(step)} aria-busy={Boolean(step) || undefined}>
          {buttonLabel(state)}
        </Button>
      </form>
    )
  }
}
