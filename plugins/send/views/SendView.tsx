import { useEffect, useId, useMemo } from 'react'
import type { ChainState } from '../../../kernel/index.ts'
import { Button, type PorticoView, Text, useLocale, useMessages, useShownText, useStoreValue } from '../../../shell/ui/index.ts'
import type { SendController } from '../controller.ts'
import { canSendOn } from '../contract.ts'
import { sendTokens, tokenKey } from '../tokens.ts'
import { parsePositiveUnits } from '../../../kernel/wallets/index.ts'
import { toUsd } from '../rules.ts'
import { FeeLine } from './FeeLine.tsx'
import { formatAmount, formatUsd } from './format.ts'
import { messages } from '../locales/index.ts'

const activeRecord = (state: ChainState) => state.chains[state.activeNamespace]

/**
 * The send form: the token, the amount (with Max) and its dollar value, the receiver,
 * the network fee. "Review send" checks every rule and opens the review, or says
 * what to fix.
 */
export function createSendView(controller: SendController): PorticoView {
  return function SendView({ kit }) {
    const id = useId()
    const t = useMessages(kit, messages)
    const locale = useLocale(kit)
    const shown = useShownText(kit)
    const state = useStoreValue(controller.store, (s) => s)
    const record = useStoreValue(kit.chains, activeRecord)
    const tokens = useMemo(() => sendTokens(record), [record])
    const network = record?.networkState.caipNetwork
    const address = record?.accountState.address
    const { token, sender, sendTokenAmount, receiverAddress, receiverProfileName, error } = state

    // A new form (first open, or a reset by a network switch or another account) loads its sender and fee.
    useEffect(() => {
      if (address && !sender) void controller.open()
    }, [address, sender])
    // The token list can fill after the form opened (the portfolio loads on its own).
    useEffect(() => {
      if (sender && !token && tokens[0]) controller.selectToken(tokenKey(tokens[0]))
    }, [sender, token, tokens])

    // Opened where nothing can be sent (not connected, or a namespace without a sender, as
    // kit.open({ view: 'Send' }) may do): the visitor goes where they can act instead.
    const unusable = !address || !record || !canSendOn(record.namespace)
    useEffect(() => {
      if (unusable) kit.router.replace(address ? 'Account' : 'Connect')
    }, [unusable, address])
    if (unusable) return null

    const amount = token ? parsePositiveUnits(sendTokenAmount, token.decimals) : undefined
    // After a refused review, the fields at fault say so.
    const amountInvalid = Boolean(error) && amount === undefined
    const receiverInvalid = Boolean(error) && !sender?.isValidReceiver(receiverAddress.trim())
    const ids = { token: `${id}-token`, amount: `${id}-amount`, value: `${id}-value`, receiver: `${id}-receiver`, error: `${id}-error` }
    return (
      <form
        className="send-form"
        aria-describedby={error ? ids.error : undefined}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          controller.review()
        }}
      >
        <div className="send-field">
          <label className="text" data-variant="small" htmlFor={ids.token}>
            {t('send.token')}
          </label>
          <select
            id={ids.token}
            className="input"
            value={token ? tokenKey(token) : ''}
            disabled={tokens.length === 0}
            onChange={(event) => controller.selectToken(event.target.value)}
          >
            {tokens.length === 0 && <option value="">{t('send.loadingBalances')}</option>}
            {tokens.map((option) => (
              <option key={tokenKey(option)} value={tokenKey(option)}>
                {t('send.tokenOption', { token: option.name, balance: formatAmount(option.balance, option, locale) })}
              </option>
            ))}
          </select>
        </div>
        <div className="send-field">
          <label className="text" data-variant="small" htmlFor={ids.amount}>
            {t('send.amount')}
          </label>
          <div className="send-row">
            <input
              id={ids.amount}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.0"
              aria-describedby={ids.value}
              aria-invalid={amountInvalid || undefined}
              value={sendTokenAmount}
              onChange={(event) => controller.setAmount(event.target.value)}
            />
            <Button variant="secondary" disabled={!token} onClick={() => controller.useMax()}>
              {t('send.max')}
            </Button>
          </div>
          <Text variant="small" id={ids.value}>
            {`≈ ${formatUsd(token && amount ? toUsd(amount, token.decimals, token.price) : 0, network, locale)}`}
          </Text>
        </div>
        <div className="send-field">
          <label className="text" data-variant="small" htmlFor={ids.receiver}>
            {t('send.to')}
          </label>
          <input
            id={ids.receiver}
            className="input"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('send.receiverPlaceholder')}
            aria-invalid={receiverInvalid || undefined}
            value={receiverProfileName ?? receiverAddress}
            onChange={(event) => controller.setReceiver(event.target.value)}
          />
          {receiverProfileName && (
            <Text variant="small" data-testid="send-receiver-resolved">
              {receiverAddress}
            </Text>
          )}
        </div>
        <FeeLine kit={kit} state={state} network={network} />
        {error && (
          <Text id={ids.error} variant="error" role="alert" data-testid="send-error">
            {shown(error)}
          </Text>
        )}
        <Button type="submit" disabled={!sender}>
          {t('send.review')}
        </Button>
      </form>
    )
  }
}
