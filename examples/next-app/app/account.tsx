'use client'

import { usePorticoAccount } from 'portico/react'

export function Account() {
  const { address, isConnected } = usePorticoAccount()
  return <p data-testid="address">{isConnected && address ? address : 'Not connected'}</p>
}
