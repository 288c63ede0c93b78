import { Button, type PorticoView, Spinner, Stack, Text, truncateAddress, useStoreValue } from '../../../shell/ui/index.ts'
import type { SignInState, SiwxController } from '../controller.ts'

const selectCurrent = (s: { current: SignInState }) => s.current

/**
 * Asks the connected account to sign in: which site asks (the message's domain), for
 * which account, and the statement, then Sign or Cancel. The full text is the
 * wallet's to show; this view says what it is for.
 */
export function createSiwxSignMessageView(controller: SiwxController): PorticoView {
  return function SIWXSignMessage() {
    const current = useStoreValue(controller.state, selectCurrent)
    if (current.step === 'idle') return null
    const message = current.step === 'preparing' ? undefined : current.message.data
    const signing = current.step === 'signing'
    return (
      <Stack align="center" gap="large" aria-busy={current.step !== 'ready'}>
        <Text variant="title" as="h3">
          {message ? `${message.domain} asks you to sign in` : 'Preparing the sign-in message'}
        </Text>
        <Text variant="muted">
          Account <span title={current.account.address}>{truncateAddress(current.account.address)}</span>
        </Text>
        {message?.statement ? <Text>{message.statement}</Text> : null}
        {current.step === 'ready' ? null : (
          <div role="status" aria-label={signing ? 'Waiting for the signature' : 'Preparing the message'}>
            <Spinner />
          </div>
        )}
        <Stack>
          <Button disabled={current.step !== 'ready'} onClick={() => void controller.sign()}>
            Sign
          </Button>
          <Button variant="secondary" onClick={() => void controller.cancel()}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    )
  }
}
