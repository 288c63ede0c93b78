import { type ComponentPropsWithoutRef, forwardRef, useEffect, useState } from 'react'
import { type ChainState, type Locale, type PorticoKit, formatBalance, truncateAddress } from '../../kernel/index.ts'
import { shallowEqual } from '../ui/shallowEqual.ts'
import { usePortico } from '../hooks/usePortico.ts'
import { usePorticoAccount } from '../hooks/usePorticoAccount.ts'
import { usePorticoState } from '../hooks/usePorticoState.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { useKit } from '../provider/context.ts'
import { followOpenerLocale, openerText } from '../../host/openerText.ts'

export interface ConnectButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'onClick' | 'children'> {
  /** Shown while disconnected; "Connect Wallet" by default. */
  readonly label?: string
  /** Show the native balance beside the address when connected; shown by default. */
  readonly balance?: 'show' | 'hide'
}

const selectBalance = (s: ChainState) => {
  const account = s.chains[s.activeNamespace]?.accountState
  return { balance: account?.balance, symbol: account?.balanceSymbol }
}

/**
 * Opens the modal. Disconnected it reads "Connect Wallet"; connected it shows
 * the balance (3 decimals, truncated) and the address (4 + 6 characters).
 * It lives in the page, not the shadow root: style it with `className`.
 *
 * @example
 * <ConnectButton className="my-button" />
 */
export const ConnectButton = /* @__PURE__ */ forwardRef<HTMLButtonElement, ConnectButtonProps>(function ConnectButton({ label, balance = 'show', className, ...rest }, ref) {
  const kit = useKit('ConnectButton')
  const { open } = usePortico()
  const { open: isOpen } = usePorticoState()
  const { address, isConnected } = usePorticoAccount()
  const native = useStoreValue(kit.chains, selectBalance, shallowEqual)
  const showBalance = balance === 'show' && isConnected && native.balance !== undefined
  const locale = useOpenerLocale(kit)
  return (
    <button
      ref={ref}
      type="button"
      className={className ?? 'portico-connect-button'}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      // The pointer on its way here is the moment to fetch the modal's code (host/prefetch.ts).
      data-portico-opener=""
      data-state={isConnected ? 'connected' : 'disconnected'}
      onClick={() => open()}
      {...rest}
    >
      {showBalance && (
        <span data-part="balance" dir="ltr">
          {formatBalance(native.balance!, native.symbol, locale)}
        </span>
      )}
      {isConnected && address ? (
        <span data-part="address" dir="ltr">
          {truncateAddress(address)}
        </span>
      ) : (
        (label ?? openerText(locale, 'opener.connectWallet'))
      )}
    </button>
  )
})

/** The kit's locale once its opener texts are in (English until then), re-rendering on a change. */
function useOpenerLocale(kit: PorticoKit): Locale {
  const [locale, setLocale] = useState<Locale>('en')
  useEffect(() => followOpenerLocale(kit, () => setLocale(kit.locale.get().locale)), [kit])
  return locale
}
