import { Button, type PorticoView, Spinner, Stack, Text, useMessages, useStoreValue } from '../../../shell/ui/index.ts'
import type { NamesController } from '../controller.ts'
import { messages } from '../locales/index.ts'

/**
 * RegisterAccountNameSuccess (SPEC §2, §4): shown as soon as Register is pressed, while the
 * wallet signs and the API registers; then the registered name. A failure goes back to the form.
 */
export function createRegisterSuccessView(controller: NamesController): PorticoView {
  return function RegisterAccountNameSuccess({ kit }) {
    const { registering, registered, name } = useStoreValue(controller.store, (s) => s)
    const t = useMessages(kit, messages)
    if (registering || !registered) {
      return (
        <Stack align="center" gap="large" aria-busy="true">
          <Spinner />
          <Text>{t('names.signToRegister', { name: name.trim() })}</Text>
        </Stack>
      )
    }
    return (
      <Stack align="center" gap="large">
        <Text variant="title" data-testid="names-registered">
          {registered}
        </Text>
        <Text>{t('names.registeredExplain')}</Text>
        <Button onClick={() => kit.router.reset('Account')}>{t('names.backToAccount')}</Button>
      </Stack>
    )
  }
}
