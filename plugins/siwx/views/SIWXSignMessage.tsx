import { Button, type PorticoView, Spinner, Stack, Text, truncateAddress, useMessages, useStoreValue } from '../../../shell/ui/index.ts'
import { messages } from '../locales/index.ts'
import type { SignInState, SiwxController } from '../controller.ts'

const selectCurrent = (s: { current: SignInState }) => s.current

/**
 * Asks the connected account to sign in: which site asks (the message's domain), for
 * which account, and the statement, then Sign or Cancel. The full text is the
 * wallet's to show; this view says what it is for.
 */
export function createSiwxSignMessageView(controller: SiwxController): PorticoView {
  return function SIWXSignMessage({ kit }) {
    const current = useStoreValue(controller.state, selectCurrent)
    const t = useMessages(kit, messages)
    if (current.step === 'idle') return null
    const message = current.step === 'preparing' ? undefined : current.message.data
    const signing = current.step === 'signing'
    return (
      <Stack align="center" gap="large" aria-busy={current.step !== 'ready'}>
        <Text variant="title" as="h3">
          {message ? t('siwx.asksToSignIn', { domain: message.domain }) : t('siwx.preparingSignIn')}
        </Text>
        <Text variant="muted">
          {t('siwx.account')}{' '}
          <bdi dir="ltr" title={current.account.address}>
            {truncateAddress(current.account.address)}
          </bdi>
        </Text>
        {message?.statement ? <Text>{message.statement}</Text> : null}
        {current.step === 'ready' ? null : (
          <div role="status" aria-label={signing ? t('siwx.waitingForSignature') : t('siwx.preparingMessage')}>
            <Spinner />
          </div>
        )}
        <Stack>
          <Button disabled={current.step !== 'ready'} onClick={() => void controller.sign()}>
            {t('siwx.sign')}
          </Button>
          <Button variant="secondary" onClick={() => void controller.cancel()}>
            {t('siwx.cancel')}
          </Button>
        </Stack>
      </Stack>
    )
  }
}
