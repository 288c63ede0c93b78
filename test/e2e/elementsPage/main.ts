// A vanilla page for the elements' browser test: the portico entry and the eip155
// plugin only, no React of its own. The query names the Hardhat node and the theme.
import { createPortico, defineNetwork, definePorticoElements } from '../../../entries/portico.ts'
import { eip155Plugin } from '../../../plugins/namespaces/eip155/index.ts'

const query = new URLSearchParams(location.search)
const rpc = query.get('rpc') ?? 'http://127.0.0.1:8568'
const ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><circle cx="10" cy="10" r="10" fill="#627eea"/></svg>')}`
const network = (id: number, name: string) =>
  defineNetwork({
    id,
    chainNamespace: 'eip155',
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
    assets: { imageUrl: ICON },
    testnet: true,
  })

const kit = createPortico({
  projectId: 'elements-page',
  networks: [network(31337, 'Hardhat'), network(31338, 'Hardhat Two')],
  plugins: [eip155Plugin()],
  themeMode: query.get('theme') === 'light' ? 'light' : 'dark',
})
definePorticoElements(kit)
