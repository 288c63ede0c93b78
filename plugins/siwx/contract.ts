import { createToken } from '../../kernel/index.ts'

// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** What `portico/siwx` asks of the plugin's body (here, not in the body: the entry needs the token up front). */
export interface SiwxService {
  /** Opens the SIWXSignMessage view for the connected account (even with a session: a new one). */
  requestSignIn(): Promise<void>
  /** Ends the connected account's session in the app's store. */
  signOut(): Promise<void>
}

export const ISiwxService = createToken<SiwxService>('ISiwxService')
