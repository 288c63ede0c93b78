import { activeAccountOf, createPortico, definePorticoElements, isConnectedAccount } from 'portico'
import { eip155Plugin } from 'portico/eip155'
// Types the <portico-*> elements in the app's markup; it adds no code.
import type {} from 'portico/svelte'
import { networks } from './networks.ts'

// One kit for the app's lifetime, created outside any component, its elements defined for it.
export const kit = createPortico({ projectId: 'portico-example-svelte-app', networks, plugins: [eip155Plugin()] })
definePorticoElements(kit)

// The kit's stores select into Svelte stores as they are: `$address` in markup.
export const address = kit.chains.select((state) => {
  const account = activeAccountOf(state)
  return isConnectedAccount(account) ? account?.address : undefined
})
export const networkName = kit.chains.select((state) => state.activeCaipNetwork.name)
