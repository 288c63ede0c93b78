import type { ChainState } from '../../../kernel/index.ts'
import { CopyButton, type PorticoViewProps, QrCode, Stack, Text, shallowEqual, truncateAddress, useMessages, useStoreValue } from '../../../shell/ui/index.ts'
import { messages } from '../locales/index.ts'

/** The account to receive on and the networks an address of its namespace is valid on. */
export function receiveTarget(state: ChainState) {
  const record = state.chains[state.activeNamespace]
  return {
    address: record?.accountState.address,
    networks: (record?.caipNetworks ?? []).map((network) => network.name),
  }
}

const sameTarget = (a: ReturnType<typeof receiveTarget>, b: ReturnType<typeof receiveTarget>) => a.address === b.address && shallowEqual(a.networks, b.networks)

/**
 * The visitor's address as text and QR code, with copy, and the networks it is
 * valid on. Disconnected visitors are told to connect first.
 */
export function ReceiveView({ kit }: PorticoViewProps) {
  const { address, networks } = useStoreValue(kit.chains, receiveTarget, sameTarget)
  const t = useMessages(kit, messages)
  if (!address) return <Text variant="muted">{t('receive.connectFirst')}</Text>
  return (
    <Stack align="center" gap="large">
      <QrCode value={address} label={t('receive.qrFor', { address: truncateAddress(address) })} />
      <Text as="div" className="address" dir="ltr" data-testid="receive-address">
        {address}
      </Text>
      <CopyButton kit={kit} text={address} label={t('receive.copyAddress')} successMessage={t('receive.addressCopied')} />
      <Stack>
        <Text variant="small">{t('receive.validOn')}</Text>
        <ul aria-label={t('receive.networksList')} className="network-list">
          {networks.map((name) => (
            <li key={name}>
              <Text as="span">{name}</Text>
            </li>
          ))}
        </ul>
      </Stack>
    </Stack>
  )
}
