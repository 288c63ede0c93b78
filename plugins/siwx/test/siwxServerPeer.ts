// The siwx server (servers/siwx on PGlite in memory, behind its node:http example) in a
// process of its own, for the plugin's jsdom tests: the database layer cannot load under
// jsdom's URL. Options come as JSON in argv[2]; the port goes to stdout; SIGTERM stops it.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { nodeListener } from '../../../servers/siwx/examples/node.ts'
import { createSiwxServer } from '../../../servers/siwx/index.ts'

const { domains, rpcUrls } = JSON.parse(process.argv[2]!) as { domains: string[]; rpcUrls: Record<string, string> }
const siwx = await createSiwxServer({ database: { memory: true }, domains, rpcUrls, cookie: { secure: false } })
const http = createServer(nodeListener(siwx))
http.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (http.address() as AddressInfo).port })))
process.on('SIGTERM', () => http.close(() => void siwx.close().then(() => process.exit(0))))
