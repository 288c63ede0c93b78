import { useEffect, useId } from 'react'
import { Button, type PorticoView, Stack, Text, useMessages, useShownText, useStoreValue } from '../../../shell/ui/index.ts'
import type { NamesController } from '../controller.ts'
import { NamesText } from '../rules.ts'
import { messages } from '../locales/index.ts'

/**
 * RegisterAccountName (SPEC §2): the name field with its rule, whether the name is free,
 * suggestions to pick from, and Register, which asks the wallet to sign.
 */
export function createRegisterView(controller: NamesController): PorticoView {
  return function RegisterAccountName({ kit }) {
    const id = useId()
    const t = useMessages(kit, messages)
    const shown = useShownText(kit)
    const { name, suggestions, taken, checking, registering, error } = useStoreValue(controller.store, (s) => s)
    const trimmed = name.trim()
    // A form left after a registration starts empty; one left on a failure keeps its name and error.
    useEffect(() => () => void (controller.store.get().registered && controller.reset()), [])
    const ids = { input: `${id}-name`, hint: `${id}-hint`, status: `${id}-status`, error: `${id}-error` }
    const free = suggestions.filter((s) => !s.registered && s.name !== trimmed.toLowerCase())
    return (
      <form
        className="names-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void controller.register()
        }}
      >
        <div className="names-field">
          <label className="text" data-variant="small" htmlFor={ids.input}>
            {t('names.name')}
          </label>
          <input
            id={ids.input}
            className="input"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('names.placeholder')}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={[ids.hint, ids.status, error ? ids.error : ''].join(' ').trim()}
            value={name}
            onChange={(event) => controller.setName(event.target.value)}
          />
          <Text variant="small" id={ids.hint}>
            {t('names.rule')}
          </Text>
        </div>
        <Text variant="muted" id={ids.status} role="status" data-testid="names-availability">
          {checking ? t('names.checking') : taken === undefined ? '' : t(taken ? 'names.taken' : 'names.available', { name: trimmed.toLowerCase() })}
        </Text>
        {free.length > 0 && (
          <Stack>
            <Text variant="small">{t('names.suggestions')}</Text>
            <ul className="names-suggestions" aria-label={t('names.suggested')}>
              {free.map((s) => (
                <li key={s.name}>
                  <Button variant="secondary" onClick={() => controller.setName(s.name)}>
                    {s.name}
                  </Button>
                </li>
              ))}
            </ul>
          </Stack>
        )}
        {error && (
          <Text id={ids.error} variant="error" role="alert" data-testid="names-error">
            {error === NamesText.RULE ? t('names.rule') : shown(error)}
          </Text>
        )}
        <Button type="submit" disabled={registering || taken === true || trimmed === ''}>
          {t('names.register')}
        </Button>
      </form>
    )
  }
}
