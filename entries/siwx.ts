/**
 * The `portico/siwx` entry: sign in with the connected wallet. List `siwxPlugin()` and
 * set `siwx` to a session store (`localSiwx()`, `serverSiwx({ url })` or your own
 * SiwxConfig), or `siweConfig` for the older EVM-only form. An app that imports
 * nothing from here has none of it in its build.
 *
 * @example
 * import { createPortico, mainnet } from 'portico'
 * import { eip155Plugin } from 'portico/eip155'
 * import { serverSiwx, siwxPlugin } from 'portico/siwx'
 *
 * createPortico({
 *   projectId: 'my-project',
 *   networks: [mainnet],
 *   siwx: serverSiwx({ url: '/siwx', statement: 'Sign in to Example', required: true }),
 *   plugins: [eip155Plugin(), siwxPlugin()],
 * })
 */
import { ErrorText, type PorticoKit, PorticoError, resolve } from '../kernel/index.ts'
import { siwxOptions } from '../plugins/siwx/config.ts'
import { ISiwxService, type SiwxService } from '../plugins/siwx/index.ts'

export { siwxPlugin } from '../plugins/siwx/index.ts'
export * from '../plugins/siwx/stores/index.ts'
export type { SiwxConfig, SiwxSession, SiweConfig, SiweCreateMessageArgs } from '../plugins/siwx/config.ts'
export type { SiwxMessage } from '../protocol/siwx/message.ts'

/**
 * The kit's sign-in service; 'SIWX is not enabled' when the kit has no siwx config (a kit
 * with one has the plugin too: `createPortico` refuses `siwx` without the plugin that owns it).
 */
async function service(kit: PorticoKit): Promise<SiwxService> {
  const { siwx, siweConfig } = siwxOptions(kit.config)
  if (!(siwx ?? siweConfig)) throw new PorticoError(ErrorText.SIWX_NOT_ENABLED, { details: 'set siwx or siweConfig' })
  await kit.plugins.load('siwx')
  return resolve(await kit.container(), ISiwxService)
}

/** Asks the connected account to sign in again (the SIWXSignMessage view opens). */
export async function requestSiwxSignIn(kit: PorticoKit): Promise<void> {
  await (await service(kit)).requestSignIn()
}

/** Ends the connected account's sign-in in the app's store (the server's sign-out for `serverSiwx`). */
export async function siwxSignOut(kit: PorticoKit): Promise<void> {
  await (await service(kit)).signOut()
}
