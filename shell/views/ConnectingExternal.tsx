import { useEffect, useRef, useState } from 'react'
import { type ChainNamespace, type Connector, isChainNamespace } from '../../kernel/index.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { Stack } from '../ui/Stack.tsx'
import { Text } from '../ui/Text.tsx'
import { WalletImage } from '../ui/WalletImage.tsx'
import type { PorticoViewProps } from '../ui/PorticoView.ts'
import { errorMessage } from './errorMessage.ts'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'
import { useShownText } from '../ui/shownText.ts'

/** The route data this view expects: which connector, on which namespace. */
function target(data: PorticoViewProps['data']): { id: string; namespace: ChainNamespace } | undefined {
  const id = data?.['connector']
  const namespace = data?.['namespace']
  return typeof id === 'string' && isChainNamespace(namespace) ? { id, namespace } : undefined
}

/**
 * ConnectingExternal (param connector): asks the wallet to connect and
 * waits. The kernel closes the modal on success; a refusal offers Try again.
 */
export function ConnectingExternalView({ kit, data }: PorticoViewProps) {
  const wanted = target(data)
  const connector = useStoreValue(kit.connectors.store, (s: { connectors: readonly Connector[] }) => s.connectors.find((c) => c.id === wanted?.id && c.chain === wanted.namespace))
  const [attempt, setAttempt] = useState(0)
  const t = useMessages(kit, coreMessages)
  const shown = useShownText(kit)
  const [error, setError] = useState<string>()
  // Refs survive StrictMode's effect replay, so the wallet is asked once per attempt.
  const started = useRef(-1)

  useEffect(() => {
    if (!connector || started.current === attempt) return
    started.current = attempt
    kit.connect({ connectorId: connector.id, namespace: connector.chain }).catch((reason: unknown) => {
      setError(errorMessage(reason))
    })
  }, [kit, connector, attempt])

  if (!connector) {
    return (
      <Text role="alert" variant="muted">
        {t('connectingExternal.walletGone')}
      </Text>
    )
  }
  return (
    <Stack align="center" gap="large" data-testid="portico-connecting-external">
      <WalletImage src={connector.imageUrl} size={80} />
      {error ? (
        <Stack align="center" role="alert">
          <Text variant="title">{t('connectingExternal.declined')}</Text>
          <Text variant="muted">{shown(error)}</Text>
        </Stack>
      ) : (
        <Stack align="center" role="status" aria-busy="true">
          <Spinner />
          <Text>{t('connectingExternal.continueIn', { wallet: connector.name })}</Text>
          <Text variant="muted">{t('connectingExternal.acceptInWallet')}</Text>
        </Stack>
      )}
      {error && (
        <Button
          variant="secondary"
          onClick={() => {
            setError(undefined)
            setAttempt((n) => n + 1)
          }}
        >
          {t('modal.tryAgain')}
        </Button>
      )}
    </Stack>
  )
}
