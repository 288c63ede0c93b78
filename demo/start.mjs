// `npm start`: the demo with its local stack. Starts the two local Hardhat nodes the
// demo's networks point at (demo/config.ts: "Hardhat" eip155:31337 on 8545, "Hardhat 2"
// eip155:31338 on 8546), a local Solana cluster on 8899 (PubSub WebSocket also on 8900) with
// its SPL token "Local USD" funded for the dev Solana wallet, a WalletConnect relay on 8620
// with a wallet registry on 8630 and the "dev phone wallet" page on 8631, the embedded
// wallet's secure frame on 8700 with a mailbox for its login mails (SMTP 2525, page 8701), a
// Farcaster auth relay stand-in on 8704 with the IdRegistry stand-in on 31337, the
// EVM test tokens on 31337 and the Blockchain API indexing both Hardhat nodes on 8702, the
// on-ramp providers' stand-in pages on 8710 (their purchases delivered on 31337), the ERC-4337
// stack (EntryPoint v0.7 on both nodes, an Alto bundler per node on 8711 and 8712, the
// paymaster service on 8713), then builds
// the demo and serves it, with its sign-in backend (portico/siwx-server) under /siwx and /api on the same origin. Ctrl-C (SIGINT) or SIGTERM stops
// everything, in reverse order, also while it is still starting. A busy port fails at
// once with a message naming it.
import { buildDemo } from '../build.mjs'
import { startHardhat } from './peers/hardhat.mjs'
import { startDemoServer } from './server.mjs'
import { HARDHAT_ACCOUNT_1 } from './peers/accounts.mjs'
import { startRelay } from '../test/peers/relay.mjs'
import { startSolanaRpc } from '../test/peers/solanaRpc.mjs'
import { createSolanaDemoToken } from './peers/solanaTokens.mjs'
import { startWalletRegistry } from '../test/peers/walletRegistry.mjs'
import { startWcWalletPage } from '../test/peers/wcWalletPage.mjs'
import { createStack } from './services.mjs'
import { bundleServer } from '../servers/bundle.mjs'
import { deployDemoTokens } from './peers/deployTokens.mjs'
import { installIdRegistry } from './peers/idRegistry.mjs'
import { deployDemoUniswap } from './peers/deployUniswap.mjs'
import { DEMO_UNISWAP } from './peers/uniswap.mjs'
import { startOnRampStandIn } from './peers/onrampStandIn.mjs'
import { DEMO_COLLECTIBLE, DEMO_TOKENS } from './peers/tokens.mjs'
import { DEMO_PAYMASTER, DEMO_PAYMASTER_SIGNER_KEY, deployAccountAbstraction } from './peers/accountAbstraction.mjs'
import { startBundler } from './peers/bundler.mjs'

const DEMO_PORT = Number(process.env.PORT ?? 5173)

/**
 * The secure frame server (8700, PGlite in .data/ or Postgres with DATABASE_URL) and the
 * SMTP sink (2525) with its mailbox page (8701); with SMTP_URL set, mail goes there instead.
 * TypeScript, so bundled first.
 */
async function startEmbedded() {
  const outfile = '.cache/demo/embedded.mjs'
  await bundleServer({ entry: 'demo/peers/embedded.ts', outfile })
  const { startEmbeddedStack, DEMO_PORTS, DEMO_SMART_ACCOUNTS } = await import(`../${outfile}`)
  const stack = await startEmbeddedStack({
    hostOrigins: [`http://127.0.0.1:${DEMO_PORT}`, `http://localhost:${DEMO_PORT}`],
    // The redirect flow comes back only to a registered address: the demo page opened as /?social=redirect.
    returnUrls: [`http://127.0.0.1:${DEMO_PORT}/?social=redirect`, `http://localhost:${DEMO_PORT}/?social=redirect`],
    dataDir: '.data/demo',
    databaseUrl: process.env.DATABASE_URL,
    smtpUrl: process.env.SMTP_URL,
    ports: DEMO_PORTS,
    farcasterRpcUrl: 'http://127.0.0.1:8545',
    // Both Hardhat chains: the embedded wallet's account there is its smart account (it signs
    // messages and SIWX through ERC-1271, and ERC-6492 before its first user operation).
    smartAccounts: DEMO_SMART_ACCOUNTS,
  })
  const mailbox = stack.mailboxUrl ? `; mailbox ${stack.mailboxUrl}` : `; mail to ${process.env.SMTP_URL}`
  const oidc = stack.oidc ? `; social logins at the local OpenID provider ${stack.oidc.issuer}` : ''
  const farcaster = stack.farcasterRelay ? `; Farcaster auth relay ${stack.farcasterRelay.url}` : ''
  return { url: `${stack.frameUrl}${mailbox}${oidc}${farcaster}`, close: () => stack.close() }
}

/**
 * The demo's sign-in backend (portico/siwx-server: /siwx/*, and /api/me for signed-in
 * visitors), served by the demo server on the page's origin. PGlite in .data/demo/siwx,
 * or Postgres with DATABASE_URL.
 */
async function startSiwxBackend() {
  const outfile = '.cache/demo/siwxBackend.mjs'
  await bundleServer({ entry: 'demo/peers/siwxBackend.ts', outfile })
  const { startSiwxBackend: start } = await import(`../${outfile}`)
  return start({
    hosts: [`127.0.0.1:${DEMO_PORT}`, `localhost:${DEMO_PORT}`],
    dataDir: '.data/demo',
    databaseUrl: process.env.DATABASE_URL,
    rpcUrls: { 'eip155:31337': 'http://127.0.0.1:8545', 'eip155:31338': 'http://127.0.0.1:8546' },
    solanaChains: ['solana:localnet'],
  })
}

/**
 * The Blockchain API (8702): indexes both Hardhat nodes and the Solana cluster, PGlite in .data/demo/api or Postgres
 * with DATABASE_URL. TypeScript, so bundled first.
 */
async function startBlockchainApi() {
  const outfile = '.cache/demo/api.mjs'
  await bundleServer({ entry: 'demo/peers/api.ts', outfile })
  const { startDemoApi } = await import(`../${outfile}`)
  return startDemoApi({
    hostOrigins: [`http://127.0.0.1:${DEMO_PORT}`, `http://localhost:${DEMO_PORT}`],
    dataDir: '.data/demo',
    databaseUrl: process.env.DATABASE_URL,
    solanaRpcUrl: 'http://127.0.0.1:8899',
  })
}

/**
 * The test tokens on Hardhat eip155:31337, deployed right after it starts (fixed nonces, fixed
 * addresses), then Uniswap V2 with DEMO/DUSD and ETH/DEMO pools (demo/peers/uniswap.mjs).
 */
async function startDemoTokens() {
  await deployDemoTokens('http://127.0.0.1:8545')
  await deployDemoUniswap('http://127.0.0.1:8545')
  const listed = [...DEMO_TOKENS, DEMO_COLLECTIBLE].map((token) => `${token.symbol} ${token.address}`).join(', ')
  return { url: `${listed} (funded for Hardhat accounts #0 to #9); Uniswap V2 router ${DEMO_UNISWAP.router}`, close: async () => undefined }
}

/**
 * The ERC-4337 contracts on the Hardhat node on `nodePort` (EntryPoint v0.7 and
 * PorticoAccountFactory, the demo's VerifyingPaymaster funded),
 * then an Alto bundler for it on `port` (demo/config.ts: endpoints.bundler).
 */
async function startDemoBundler(nodePort, port) {
  const rpcUrl = `http://127.0.0.1:${nodePort}`
  const { entryPoint } = await deployAccountAbstraction(rpcUrl)
  const bundler = await startBundler({ rpcUrl, port })
  return { url: `${bundler.url} (EntryPoint v0.7 ${entryPoint})`, stop: () => bundler.stop() }
}

/**
 * The paymaster service (8713; demo/config.ts: endpoints.paymaster): sponsors every user
 * operation on both Hardhat chains, signing with the demo operator's publicly known key.
 * TypeScript, so bundled first.
 */
async function startDemoPaymaster() {
  const outfile = '.cache/demo/paymaster.mjs'
  await bundleServer({ entry: 'servers/paymaster/server.ts', outfile })
  const { startPaymasterServer } = await import(`../${outfile}`)
  const server = await startPaymasterServer({
    port: 8713,
    signerKey: DEMO_PAYMASTER_SIGNER_KEY,
    chains: { 31337: { paymaster: DEMO_PAYMASTER }, 31338: { paymaster: DEMO_PAYMASTER } },
    // The demo page, and the secure frame, where the embedded wallet's smart account lives.
    allowedOrigins: [`http://127.0.0.1:${DEMO_PORT}`, `http://localhost:${DEMO_PORT}`, 'http://127.0.0.1:8700'],
    sponsorName: 'Portico demo',
  })
  return { url: `${server.url} (VerifyingPaymaster ${DEMO_PAYMASTER} on eip155:31337 and eip155:31338)`, close: () => server.close() }
}

/** Each group starts in parallel; groups start in order. */
const SERVICE_GROUPS = [
  [
    { name: 'Hardhat (eip155:31337)', start: () => startHardhat({ port: 8545, chainId: 31337 }) },
    { name: 'Hardhat 2 (eip155:31338)', start: () => startHardhat({ port: 8546, chainId: 31338 }) },
    { name: 'Solana local cluster (litesvm)', start: () => startSolanaRpc({ port: 8899 }) },
    { name: 'WalletConnect relay', start: () => startRelay({ port: 8620 }) },
    { name: 'Wallet registry', start: () => startWalletRegistry({ port: 8630 }) },
    { name: 'Secure frame (embedded wallet)', start: startEmbedded },
  ],
  [
    {
      name: 'Dev phone wallet (WalletConnect, Hardhat key #1)',
      start: () =>
        startWcWalletPage({
          port: 8631,
          relayUrl: 'ws://127.0.0.1:8620',
          privateKey: HARDHAT_ACCOUNT_1.privateKey,
          rpcUrls: { 31337: 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' },
        }),
    },
    { name: 'Solana demo token', start: () => createSolanaDemoToken('http://127.0.0.1:8899') },
    { name: 'EVM test tokens (eip155:31337)', start: startDemoTokens },
    { name: 'Farcaster IdRegistry stand-in (eip155:31337)', start: () => installIdRegistry('http://127.0.0.1:8545') },
    { name: 'Blockchain API', start: startBlockchainApi },
    { name: 'ERC-4337 bundler (eip155:31337)', start: () => startDemoBundler(8545, 8711) },
    { name: 'ERC-4337 bundler (eip155:31338)', start: () => startDemoBundler(8546, 8712) },
    { name: 'Paymaster service (ERC-7677)', start: startDemoPaymaster },
    {
      name: 'On-ramp stand-ins (Coinbase, Meld)',
      async start() {
        const standIn = await startOnRampStandIn({ rpcUrl: 'http://127.0.0.1:8545' })
        return { url: `${standIn.url}/coinbase and ${standIn.url}/meld`, close: () => standIn.close() }
      },
    },
  ],
  [
    {
      name: 'Portico demo',
      async start() {
        const [backend] = await Promise.all([startSiwxBackend(), buildDemo()])
        try {
          const server = await startDemoServer({ port: DEMO_PORT, backend })
          return { url: `${server.url} (sign-in backend: ${server.url}/siwx)`, close: async () => (await server.close(), await backend.close()) }
        } catch (error) {
          await backend.close()
          throw error
        }
      },
    },
  ],
]

const stack = createStack({ log: console.log, error: console.error })

let exiting = false
async function shutdown(code) {
  if (exiting) return
  exiting = true
  if (stack.running.length > 0) console.log('stopping…')
  await stack.stop()
  process.exit(code)
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

if (await stack.start(SERVICE_GROUPS)) {
  console.log('Ready. Open the demo URL above; Ctrl-C stops everything.')
} else {
  await shutdown(exiting ? 0 : 1)
}
