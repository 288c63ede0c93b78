import { type PorticoStorage, SnackText, type SnackService } from '../../kernel/index.ts'
import type { SocialAuth, SocialLoginProvider } from './authPort.ts'

export interface ConnectLoggedInDeps {
  readonly auth: Pick<SocialAuth, 'connect'>
  readonly storage: PorticoStorage
  readonly snack: SnackService
}

/**
 * After the frame holds a session from a social (or Farcaster) login: remembers the provider
 * and username (SPEC §4) and connects the kit through the AUTH connector, showing
 * 'Authenticating' meanwhile. A failed connection forgets what it remembered.
 */
export async function connectLoggedIn({ auth, storage, snack }: ConnectLoggedInDeps, provider: SocialLoginProvider | 'farcaster', userName: string | undefined): Promise<void> {
  storage.set('connectedSocial', provider)
  if (userName) {
    storage.set('connectedSocialUsername', userName)
    storage.set('frameSocialUsername', userName)
  }
  snack.showLoading(SnackText.AUTHENTICATING)
  try {
    await auth.connect()
  } catch (error) {
    storage.remove('connectedSocial')
    storage.remove('connectedSocialUsername')
    throw error
  } finally {
    snack.hide()
  }
}
