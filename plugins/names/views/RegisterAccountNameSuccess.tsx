import { Button, type PorticoView, Spinner, Stack, Text, useStoreValue } from '../../../shell/ui/index.ts'
import type { NamesController } from '../controller.ts'

/**
 * RegisterAccountNameSuccess (SPEC §2, §4): shown as soon as Register is pressed, while the
 * wallet signs and the API registers; then the registered name. A failure goes back to the form.
 */
export function createRegisterSuccessView(controller: NamesController): PorticoView {
  return function RegisterAccountNameSuccess({ kit }) {
    const { registering, registered, name } = useStoreValue(controller.store, (s) => s)
    if (registering || !registered) {
      return (
        <Stack align="center" gap="large" aria-busy="true">
          <Spinner />
          <Text>{`Sign the message in your wallet to register ${name.trim()}`}</Text>
        </Stack>
      )
    }
    return (
      <Stack align="center" gap="large">
        <Text variant="title" data-testid="names-registered">
          {registered}
        </Text>
        <Text>Your name is registered and shown on your account.</Text>
        <Button onClick={() => kit.router.reset('Account')}>Back to account</Button>
      </Stack>
    )
  }
}
