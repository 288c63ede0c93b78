import type { CaipNetwork, PorticoKit } from '../../../kernel/index.ts'
import { Text, useLocale, useMessages } from '../../../shell/ui/index.ts'
import type { SendState } from '../state.ts'
import { formatFee, formatUsd } from './format.ts'
import { messages } from '../locales/index.ts'

/** The network fee of the send, with its dollar value and the gas price it comes from. */
export function FeeLine({ kit, state, network }: { readonly kit: PorticoKit; readonly state: SendState; readonly network: CaipNetwork | undefined }) {
  const t = useMessages(kit, messages)
  const locale = useLocale(kit)
  const { sender, gasPrice, fee, gasPriceInUSD, quoteFailed } = state
  let text: string
  if (quoteFailed) text = t('send.fee.unreadable')
  else if (!sender || gasPrice === undefined || !network) text = t('send.fee.reading')
  else {
    const price = t('send.fee.gasPrice', { price: sender.formatGasPrice(gasPrice) })
    text =
      fee === undefined
        ? t('send.fee.unknown', { price })
        : t('send.fee.known', { fee: formatFee(fee, network.nativeCurrency, locale), usd: formatUsd(gasPriceInUSD, network, locale), price })
  }
  return (
    <Text variant="small" data-testid="send-fee" aria-live="polite">
      {text}
    </Text>
  )
}
