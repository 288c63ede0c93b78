/**
 * jsdom has HTMLDialogElement but not showModal/close. This stand-in only
 * toggles `open` and fires `close`, for unit tests; focus containment, the top
 * layer and Escape are proven in Chromium by the browser tests. Never shipped.
 */
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.show = HTMLDialogElement.prototype.showModal
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return
    this.open = false
    this.dispatchEvent(new Event('close'))
  }
}
