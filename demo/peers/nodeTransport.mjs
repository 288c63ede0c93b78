// Plain ESM (npm start runs it without a TypeScript loader); types in nodeTransport.d.mts.
import { http } from 'viem'

/** Socket errors of a request that went out on a kept-alive connection the node had already closed. */
const STALE_SOCKET = new Set(['UND_ERR_SOCKET', 'ECONNRESET'])

/**
 * fetch, sent again when the socket it went out on was closed under it: Hardhat drops idle
 * kept-alive connections after 5 s, and on a busy machine a deployment's next request can
 * find its socket gone. Such a request never reached the node, so sending it again is safe.
 */
async function retryingFetch(input, init) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(input, init)
    } catch (error) {
      if (!STALE_SOCKET.has(error?.cause?.code) || attempt === 3) throw error
    }
  }
}

/** viem's HTTP transport to a local node, resilient to its closed idle sockets. */
export const nodeTransport = (url) => http(url, { fetchFn: retryingFetch })
