// Preloaded into the bundler's process (node --import): Alto listens on every interface
// (its fastify server passes the wildcard address, with no option to change it), and every server the
// demo and the tests start must listen on 127.0.0.1 only. So each listen() in that process is
// bound to 127.0.0.1, and the port the server got (port 0 = a free one) goes to the parent
// over IPC, so it never has to guess a free port.
import { Server } from 'node:net'

const listen = Server.prototype.listen
Server.prototype.listen = function loopbackListen(...args) {
  const [first] = args
  if (first !== null && typeof first === 'object' && !Array.isArray(first)) args[0] = { ...first, host: '127.0.0.1' }
  else if (typeof first === 'number' || typeof first === 'string') {
    const callback = args.find((arg) => typeof arg === 'function')
    args.splice(0, args.length, first, '127.0.0.1', ...(callback ? [callback] : []))
  }
  this.once('listening', () => process.send?.({ listening: this.address().port }))
  return listen.apply(this, args)
}
