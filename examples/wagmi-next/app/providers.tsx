'use client'

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createPortico } from 'portico'
import { PorticoProvider } from 'portico/react'
import { wagmiPlugin } from 'portico/wagmi'
import { type ReactNode, useState } from 'react'
import { type State, WagmiProvider } from 'wagmi'
import { getConfig } from './config.ts'

/** wagmi, React Query and Portico on one config: the kit follows wagmi's connection. */
export function Providers({ children, initialState }: { children: ReactNode; initialState: State | undefined }) {
  const [config] = useState(getConfig)
  const [queryClient] = useState(() => new QueryClient())
  const [kit] = useState(() => createPortico({ projectId: 'portico-example-wagmi-next', plugins: [wagmiPlugin({ config })] }))
  return (
    <WagmiProvider config={config} initialState={initialState}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider kit={kit}>{children}</PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
