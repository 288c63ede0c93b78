import { type PluginContext, parseOrThrow } from 'portico/plugin'
import { Button, type PorticoView, Stack, Text } from 'portico/ui'
import { type FormEvent, useId, useState } from 'react'
import * as v from 'valibot'
import { type Greeter, IGreeter } from './contract.ts'

/** An RPC caller is untrusted: the params must be exactly one non-empty name. */
const GreetParams = v.tuple([v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64))])

function greeterView(greeter: Greeter): PorticoView {
  return function GreeterView() {
    const inputId = useId()
    const [greeting, setGreeting] = useState<string>()
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const name = new FormData(event.currentTarget).get('name')
      setGreeting(typeof name === 'string' && name.trim() ? greeter.greet(name.trim()) : undefined)
    }
    return (
      <form className="greeter-card" onSubmit={submit}>
        <Stack>
          <label htmlFor={inputId}>Your name</label>
          <input id={inputId} className="input" name="name" autoComplete="given-name" />
          <Button type="submit">Greet me</Button>
          {greeting && <Text role="status">{greeting}</Text>}
        </Stack>
      </form>
    )
  }
}

/** The Connect view's section: one button that opens the Greeter view. */
const GreeterSection: PorticoView = ({ kit }) => (
  <Button variant="secondary" onClick={() => kit.router.push('Greeter')}>
    Say hello
  </Button>
)

export function activate({ container, views, rpc }: PluginContext, salutation: string) {
  const greeter: Greeter = { greet: (name) => `${salutation}, ${name}` }
  container.register(IGreeter, { useValue: greeter })
  const disposers = [
    views.register('Greeter', { component: greeterView(greeter), title: 'Greeter' }),
    views.register('GreeterSection', { component: GreeterSection, title: 'Greeting' }),
    rpc.register('acme_greet', async (params) => {
      const [name] = parseOrThrow(GreetParams, params, (issue) => new Error(`acme_greet: ${issue}`))
      return greeter.greet(name)
    }),
  ]
  return () => disposers.forEach((dispose) => dispose())
}
