import { createToken } from 'portico/plugin'

/** The service this plugin puts in the kit's container; other code finds it by token. */
export interface Greeter {
  greet(name: string): string
}
export const IGreeter = createToken<Greeter>('IGreeter')
