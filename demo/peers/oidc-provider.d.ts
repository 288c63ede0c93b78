// The part of oidc-provider 9 (which ships no types) that demo/peers/oidc.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Account {
    accountId: string
    claims(): Promise<Record<string, unknown>>
  }
  interface Interaction {
    uid: string
    params: Record<string, unknown>
  }
  interface Configuration {
    clients: Record<string, unknown>[]
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>
    claims: Record<string, string[]>
    conformIdTokenClaims: boolean
    interactions: { policy: interactionPolicy.Prompt[]; url(ctx: unknown, interaction: Interaction): string }
    features: Record<string, { enabled: boolean }>
    pkce: { required(): boolean }
    cookies: { keys: string[] }
    jwks: { keys: Record<string, unknown>[] }
  }
  export namespace interactionPolicy {
    class Prompt {
      constructor(options: { name: string; requestable: boolean })
    }
    function base(): Prompt[] & { add(prompt: Prompt): void }
  }
  class Grant {
    constructor(init: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options: { mergeWithLastSubmission: boolean }): Promise<void>
    Grant: typeof Grant
  }
}
