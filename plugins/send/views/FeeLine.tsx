import type { CaipNetwork } from '../../../kernel/index.ts'
import { Text } from '../../../shell/ui/index.ts'
import type { SendState } from '../state.ts'
import { formatFee, formatUsd } from './format.ts'

/** The network fee of the send, with its dollar value and the gas price it comes from. */
export function FeeLine({ state, network }: { readonly state: SendState; readonly network: CaipNetwork | undefined }) {
  const { sender, gasPrice, fee, gasPriceInUSD, quoteFailed } = state
  let text: string
  if (quoteFailed) text = 'The network fee could not be read.'
  else if (!sender || gasPrice === undefined || !network) text = 'Reading the network fee…'
  else {
    const price = `gas price ${sender.formatGasPrice(gasPrice)}`
    text =
      fee === undefined
        ? `Network fee unknown (${price})`
        : `Network fee ${formatFee(fee, network.nativeCurrency)} ≈ ${formatUsd(gasPriceInUSD, network)} (${price})`
  }
  return (
    <Text variant="small" data-testid="send-fee" aria-live="polite">
      {text}
    </Text>
  )
}
