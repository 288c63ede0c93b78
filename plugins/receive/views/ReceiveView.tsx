import type { ChainState } from '../../../kernel/index.ts'
import { CopyButton, type PorticoViewProps, QrCode, Stack, Text, shallowEqual, truncateAddress, useStoreValue } from '../../../shell/ui/index.ts'

/** The account to receive on and the networks an address of its namespace is valid on. */
export function receiveTarget(state: ChainState) {
  const record = state.chains[state.activeNamespace]
  return {
    address: record?.accountState.address,
    networks: (record?.caipNetworks ?? []).map((network) => network.name),
  }
}

const sameTarget = (a: ReturnType<typeof receiveTarget>, b: ReturnType<typeof receiveTarget>) =>
  a.address === b.address && shallowEqual(a.networks, b.networks)

/**
 * The visitor's address as text and QR code, with copy, and the networks it is
 * valid on. Disconnected visitors are told to connect first.
 */
export function ReceiveView({ kit }: PorticoViewProps) {
  const { address, networks } = useStoreValue(kit.chains, receiveTarget, sameTarget)
  if (!address) return <Text variant="muted">Connect a wallet to see the address to receive on.</Text>
  return (
    <Stack align="center" gap="large">
      <QrCode value={address} label={`QR code for ${truncateAddress(address)}`} />
      <Text as="div" className="address" data-testid="receive-address">
        {address}
      </Text>
      <CopyButton kit={kit} text={address} label="Copy address" successMessage="Address copied" />
      <Stack>
        <Text variant="small">Valid on these networks</Text>
        <ul aria-label="Networks this address is valid on" className="network-list">
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
