import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { clientAddress, rateLimitKey } from '../common/clientAddress.ts'
import type { FrameContext } from './context.ts'

/**
 * What limits per address count the request under: the first untrusted hop from the right of
 * the forwarded-for chain (the socket's own address when no proxy is trusted), an IPv6 address
 * by its /64.
 */
export function requestAddress(context: FrameContext, c: Context): string {
  const { header, trusted } = context.clientAddress
  // @hono/node-server's bindings; absent when the app answers in-process (app.request in tests).
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress
  return rateLimitKey(clientAddress({ socket, forwardedFor: c.req.header(header), trusted }))
}
