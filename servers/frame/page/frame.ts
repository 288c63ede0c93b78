import './frame.css'
import { EmbeddedWalletErrorText } from '../../../kernel/errors/catalogue.ts'
import { FRAME_PREFIX, type AppRequestName } from '../../../protocol/frameProtocol.ts'
import { createApi } from './api.ts'
import { createChannel } from './channel.ts'
import { readConfig } from './config.ts'
import { createHandlers, dispatch } from './handlers.ts'
import { initialChainIdOf } from './keys.ts'
import { createKeystore } from './keystore.ts'
import { createSessionStore } from './session.ts'
import { createSocialResultInbox } from './socialResult.ts'
import { createWallets } from './wallets.ts'

/**
 * The secure frame's script, on the frame server's origin inside the host's iframe.
 * It answers the host's requests and keeps the keys and the session on this origin:
 * the host page only ever gets addresses, signatures and a host token.
 */
function start(): void {
  const config = readConfig(document)
  const channel = createChannel(window, config.allowedOrigins)
  if (window.parent === window) {
    // Opened on its own, not embedded: nothing to talk to.
    document.body.textContent = EmbeddedWalletErrorText.PARENT_NOT_SET
    throw new Error(EmbeddedWalletErrorText.PARENT_NOT_SET)
  }
  const session = createSessionStore(localStorage, config.projectId)
  const keystore = createKeystore()
  const api = createApi({
    projectId: config.projectId,
    hostOrigin: () => channel.hostOrigin,
    session,
    onSessionEnded: () => channel.emit({ type: `${FRAME_PREFIX}SESSION_ENDED`, payload: {} }),
  })
  const wallets = createWallets(api, keystore, session)
  const handlers = createHandlers({
    api,
    wallets,
    keystore,
    session,
    emit: channel.emit,
    initialChainId: initialChainIdOf(location.search),
    doc: document,
    hostOrigin: () => channel.hostOrigin,
    reload: () => location.reload(),
    tabStorage: sessionStorage,
    socialResults: createSocialResultInbox(window),
  })
  channel.listen((message) => {
    const name = message.type.slice('@portico-app/'.length) as AppRequestName
    void dispatch(handlers, name, message.payload as never).then((reply) => {
      channel.reply(name, message.id, reply.outcome as 'SUCCESS', reply.payload)
    })
  })
  channel.emit({ type: `${FRAME_PREFIX}READY`, payload: { version: config.version } })
}

start()
