import type { ChainState } from '../../../kernel/index.ts'
import { parsePositiveUnits } from '../../../kernel/wallets/index.ts'
import { Button, type PorticoView, Stack, Text, useLocale, useMessages, useStoreValue } from '../../../shell/ui/index.ts'
import type { SendController } from '../controller.ts'
import { toUsd } from '../rules.ts'
import { FeeLine } from './FeeLine.tsx'
import { formatAmount, formatUsd } from './format.ts'
import { messages } from '../locales/index.ts'

const activeNetwork = (state: ChainState) => state.activeCaipNetwork

/** The review of a checked send: what, to whom, on which network, for what fee; Send asks the wallet. */
export function createSendPreview(controller: SendController): PorticoView {
  return function SendPreview({ kit }) {
    const state = useStoreValue(controller.store, (s) => s)
    const network = useStoreValue(kit.chains, activeNetwork)
    const t = useMessages(kit, messages)
    const locale = useLocale(kit)
    const { token, sendTokenAmount, receiverAddress, receiverProfileName, sending } = state
    const amount = token ? parsePositiveUnits(sendTokenAmount, token.decimals) : undefined
    // The form was reset under the review (a network switch): nothing is left to send.
    if (!token || amount === undefined) {
      return (
        <Stack>
          <Text variant="muted">{t('send.formReset')}</Text>
          <Button variant="secondary" onClick={() => kit.router.goBack()}>
            {t('send.backToForm')}
          </Button>
        </Stack>
      )
    }
    return (
      <Stack gap="large">
        <dl className="send-summary" aria-label={t('send.transfer')}>
          <dt>{t('send.amount')}</dt>
          <dd data-testid="send-preview-amount">{`${formatAmount(amount, token, locale)} (≈ ${formatUsd(toUsd(amount, token.decimals, token.price), network, locale)})`}</dd>
          <dt>{t('send.to')}</dt>
          <dd data-testid="send-preview-receiver">{receiverProfileName ? `${receiverProfileName} (${receiverAddress})` : receiverAddress.trim()}</dd>
          <dt>{t('send.network')}</dt>
          <dd>{network.name}</dd>
        </dl>
        <FeeLine kit={kit} state={state} network={network} />
        <Stack>
          <Button disabled={sending} aria-busy={sending || undefined} onClick={() => void controller.send()}>
            {sending ? t('send.sending') : t('send.send')}
          </Button>
          <Button variant="secondary" disabled={sending} onClick={() => kit.router.goBack()}>
            {t('send.back')}
          </Button>
        </Stack>
      </Stack>
    )
  }
}
