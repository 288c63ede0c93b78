/**
 * The `portico/socials` entry: social login (google, x, discord, farcaster, github, apple, facebook)
 * into Portico's embedded wallet. The wallet itself (the secure frame on
 * `endpoints.frame`, its AUTH connector) is the auth plugin, which `socialsPlugin()` brings along.
 */
import type { PluginManifest } from '../kernel/index.ts'
import { IAuthService, authPlugin } from '../plugins/auth/index.ts'
import { type SocialsOptions, createSocialsPlugin } from '../plugins/socials/index.ts'

export type { SocialsOptions } from '../plugins/socials/index.ts'

/**
 * @example
 * import { createPortico, mainnet } from 'portico'
 * import { eip155Plugin } from 'portico/eip155'
 * import { socialsPlugin } from 'portico/socials'
 *
 * createPortico({
 *   projectId: 'my-project',
 *   networks: [mainnet],
 *   endpoints: { frame: 'https://frame.example.com' },
 *   features: { socials: ['google', 'github'] },
 *   plugins: [eip155Plugin(), socialsPlugin()],
 * })
 */
export function socialsPlugin(options: SocialsOptions = {}): PluginManifest {
  return createSocialsPlugin({ authPlugin: authPlugin(), auth: IAuthService }, options)
}
