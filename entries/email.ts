/**
 * The `portico/email` entry: email login into Portico's embedded wallet. The wallet
 * itself (the secure frame on `endpoints.frame`, its AUTH connector, the approval of
 * signatures) is the auth plugin, which `emailPlugin()` brings along.
 */
import type { PluginManifest } from '../kernel/index.ts'
import { IAuthService, authPlugin } from '../plugins/auth/index.ts'
import { createEmailPlugin } from '../plugins/email/index.ts'

/**
 * @example
 * import { createPortico, mainnet } from 'portico'
 * import { eip155Plugin } from 'portico/eip155'
 * import { emailPlugin } from 'portico/email'
 *
 * createPortico({
 *   projectId: 'my-project',
 *   networks: [mainnet],
 *   endpoints: { frame: 'https://frame.example.com' },
 *   plugins: [eip155Plugin(), emailPlugin()],
 * })
 */
export function emailPlugin(): PluginManifest {
  return createEmailPlugin({ authPlugin: authPlugin(), auth: IAuthService })
}
