/** Where `npm start` runs the SMTP sink's mailbox page (demo/peers/embedded.ts, DEMO_PORTS.mailbox). */
const MAILBOX_URL = 'http://127.0.0.1:8701'

/** Email login needs a mailbox: locally, every mail the frame server sends lands in this one. */
export function EmailLoginPanel() {
  return (
    <section className="panel" aria-label="Email login">
      <h2>Email login</h2>
      <p>
        Type any email address in the modal. The device approval link and the six-digit code arrive in the{' '}
        <a href={MAILBOX_URL} target="_blank" rel="noreferrer" data-testid="mailbox-link">
          local mailbox
        </a>
        .
      </p>
    </section>
  )
}
