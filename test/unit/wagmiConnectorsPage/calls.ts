// wagmi's EIP-5792 hooks in the connectors page, on whichever connector is connected:
// useSendCalls with two transfers, useWaitForCallsStatus until the wallet reports the batch.
// The page stays plain otherwise; React mounts only this part (no JSX: the page builds as it is).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import { parseEther } from 'viem'
import { type Config, WagmiProvider, useSendCalls, useWaitForCallsStatus } from 'wagmi'

/** Where the two transfers go (nobody's keys: their balances only ever grow by these). */
export const TRANSFERS = [
  { to: '0x000000000000000000000000000000000000c0de', value: parseEther('0.01') },
  { to: '0x000000000000000000000000000000000000beef', value: parseEther('0.02') },
] as const

function Calls() {
  const send = useSendCalls()
  const status = useWaitForCallsStatus({ id: send.data?.id })
  return h(
    'section',
    null,
    h('button', { type: 'button', onClick: () => send.sendCalls({ calls: [...TRANSFERS] }) }, 'Send two transfers'),
    h('p', { 'data-testid': 'calls-status' }, status.data ? String(status.data.statusCode) : (send.error?.name ?? '')),
    h('p', { 'data-testid': 'calls-receipts' }, status.data?.receipts?.map((receipt) => receipt.transactionHash).join(' ') ?? ''),
  )
}

/** Renders the hooks' part of the page into `root`, on the page's own wagmi config. */
export function mountCalls(config: Config, root: Element) {
  const queryClient = new QueryClient()
  createRoot(root).render(h(WagmiProvider, { config }, h(QueryClientProvider, { client: queryClient }, h(Calls))))
}
