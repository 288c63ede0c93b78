import type { ChainState } from '../../../kernel/index.ts'
import { parsePositiveUnits } from '../../../kernel/wallets/index.ts'
import { Button, type PorticoView, Stack, Text, useStoreValue } from '../../../shell/ui/index.ts'
import type { SendController } from '../controller.ts'
import { toUsd } from '../rules.ts'
import { FeeLine } from './FeeLine.tsx'
import { formatAmount, formatUsd } from './format.ts'

const activeNetwork = (state: ChainState) => state.activeCaipNetwork

/** The review of a checked send: what, to whom, on which network, for what fee; Send asks the wallet. */
export function createSendPreview(controller: SendController): PorticoView {
  return function SendPreview({ kit }) {
    const state = useStoreValue(controller.store, (s) => s)
    const network = useStoreValue(kit.chains, activeNetwork)
    const { token, sendTokenAmount, receiverAddress, receiverProfileName, sending } = state
    const amount = token ? parsePositiveUnits(sendTokenAmount, token.decimals) : undefined
    // The form was reset under the review (a network switch): nothing is left to send.
    if (!token || amount === undefined) {
      return (
        <Stack>
          <Text variant="muted">Nothing to send: the form was reset.</Text>
          <Button variant="secondary" onClick={() => kit.router.goBack()}>
            Back to the form
          </Button>
        </Stack>
      )
    }
    return (
      <Stack gap="large">
        <dl className="send-summary" aria-label="Transfer">
          <dt>Amount</dt>
          <dd data-testid="send-preview-amount">{`${formatAmount(amount, token)} (≈ ${formatUsd(toUsd(amount, token.decimals, token.price), network)})`}</dd>
          <dt>To</dt>
          <dd data-testid="send-preview-receiver">{receiverProfileName ? `${receiverProfileName} (${receiverAddress})` : receiverAddress.trim()}</dd>
          <dt>Network</dt>
          <dd>{network.name}</dd>
        </dl>
        <FeeLine state={state} network={network} />
        <Stack>
          <Button disabled={sending} aria-busy={sending || undefined} onClick={() => void controller.send()}>
            {sending ? 'Sending…' : 'Send'}
          </Button>
          <Button variant="secondary" disabled={sending} onClick={() => kit.router.goBack()}>
            Back
          </Button>
        </Stack>
      </Stack>
    )
  }
}
