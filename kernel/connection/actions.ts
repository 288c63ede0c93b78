/**
 * The connection actions, one chunk behind `import()`: a first visit downloads
 * them on its first connect, a returning visitor at start.
 */
export { connect } from './connect.ts'
export { disconnect } from './disconnect.ts'
export { switchNetwork } from './switchNetwork.ts'
export { syncBalance } from './syncBalance.ts'
export { resumeConnections } from './resumeConnections.ts'
export { followOtherTab } from './followOtherTab.ts'
export { createAdapterEvents } from './adapterEvents.ts'
export { sendRequest } from './sendRequest.ts'
