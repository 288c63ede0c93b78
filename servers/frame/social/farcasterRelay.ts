import * as v from 'valibot'
import { safeErrorText } from '../../common/logSafe.ts'
import { ApiError } from '../http.ts'
import { type CompletedSignIn, CompletedChannel, FarcasterRefusal } from './farcaster.ts'

const Opened = v.object({
  channelToken: v.pipe(v.string(), v.minLength(8), v.maxLength(256)),
  url: v.pipe(v.string(), v.maxLength(2048), v.url()),
  nonce: v.string(),
})

/** The Farcaster auth relay's channel protocol, as an app (here the frame server) speaks it. */
export interface FarcasterRelay {
  /** Opens a channel whose message must carry `nonce`; `url` is what the visitor's Farcaster app opens (the QR code). */
  open(request: { siweUri: string; domain: string; nonce: string; expirationTime: Date }): Promise<v.InferOutput<typeof Opened>>
  /** 'pending' until the Farcaster app has signed; the relay closes the channel once it reported it completed. */
  status(channelToken: string): Promise<{ state: 'pending' } | CompletedSignIn>
}

const failed = (why: string) => {
  console.error('frame server: Farcaster relay:', why)
  return new ApiError(502, FarcasterRefusal.RELAY_FAILED)
}

async function read<S extends v.GenericSchema>(response: Response, schema: S): Promise<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, await response.json().catch(() => undefined))
  if (!parsed.success) throw failed(`unexpected answer (${response.status}): ${parsed.issues[0].message}`)
  return parsed.output
}

export function createFarcasterRelay(relayUrl: string): FarcasterRelay {
  const base = relayUrl.replace(/\/$/, '')
  const send = (path: string, init: RequestInit) =>
    fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => {
      throw failed(safeErrorText(error))
    })
  return {
    async open({ siweUri, domain, nonce, expirationTime }) {
      const response = await send('/v1/channel', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siweUri, domain, nonce, expirationTime: expirationTime.toISOString() }),
      })
      if (response.status !== 201 && response.status !== 200) throw failed(`POST /v1/channel answered ${response.status}`)
      const opened = await read(response, Opened)
      if (opened.nonce !== nonce) throw failed('the channel carries another nonce')
      return opened
    },
    async status(channelToken) {
      const response = await send('/v1/channel/status', { headers: { authorization: `Bearer ${channelToken}` } })
      // 202 while the Farcaster app has not answered; 401 once the channel is gone (expired or already reported).
      if (response.status === 202) return { state: 'pending' }
      if (response.status === 401) throw new ApiError(400, FarcasterRefusal.EXPIRED)
      if (response.status !== 200) throw failed(`GET /v1/channel/status answered ${response.status}`)
      return read(response, CompletedChannel)
    },
  }
}
