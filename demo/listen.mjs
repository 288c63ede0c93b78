/**
 * Starts `server` on 127.0.0.1 (never another interface) at `port` (0 picks a free one).
 * `close` also ends the keep-alive sockets a browser holds, which would keep close() open.
 */
export async function listenOnLoopback(server, port) {
  await new Promise((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolveClose) => {
        server.close(() => resolveClose())
        server.closeAllConnections()
      }),
  }
}
