import { createToken } from '../../kernel/index.ts'

/** What `portico/siwx` asks of the siwx plugin's body once the kit has one. */
export interface SiwxService {
  /** Opens the SIWXSignMessage view for the connected account (even with a session: a new one). */
  requestSignIn(): Promise<void>
  /** Ends the connected account's session in the app's store. */
  signOut(): Promise<void>
}

export const ISiwxService = createToken<SiwxService>('ISiwxService')
