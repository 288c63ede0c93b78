// A crowd of EIP-6963 wallets for load tests and the bench: a page (or an extension) can
// announce any number of providers, and the Connect view must stay a bounded list.

/**
 * Runs in the page (pass it to page.evaluate or page.addInitScript): `count` wallets,
 * "Crowd Wallet 0" to "Crowd Wallet {count-1}", announced at once and again on every
 * request for providers. Their providers refuse every request.
 * @param {number} count
 */
export function announceWallets(count) {
  const icon = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>')}`
  const wallets = Array.from({ length: count }, (_, i) =>
    Object.freeze({
      info: Object.freeze({ uuid: crypto.randomUUID(), name: `Crowd Wallet ${i}`, icon, rdns: `org.portico.crowd${i}` }),
      provider: { request: () => Promise.reject(new Error('not a real wallet')), on() {}, removeListener() {} },
    }),
  )
  const announce = () => wallets.forEach((detail) => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}
