import { createPortico, definePorticoElements } from 'portico'
import { eip155Plugin } from 'portico/eip155'
import { networks } from './networks.ts'

// The page's own code imports no React: <portico-button> is a web component, and the
// modal's React renderer (a required peer of Portico) loads when it first opens.
// `locale`: one of the 22 ('ja', 'ar', ...); left out, the browser's languages pick it.
const kit = createPortico({ projectId: 'portico-example-vanilla', networks, plugins: [eip155Plugin()], locale: 'en' })
definePorticoElements(kit)

const output = document.querySelector('[data-testid="address"]')
if (!output) throw new Error('index.html has no address output')
const showAccount = () => {
  const account = kit.chains.activeAccount()
  output.textContent = kit.chains.isConnected() && account?.address ? account.address : 'Not connected'
}
kit.chains.subscribe(showAccount)
showAccount()
