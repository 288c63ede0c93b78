import type { MailboxMessage } from './mailbox.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/** The mail's text, escaped, with its http(s) links made clickable (the mail's own HTML is never rendered). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}" target="_blank" rel="noopener">${url}</a>`)
}

/** The mailbox page: every mail, newest first, so a demo visitor can follow a link or read a code. */
export function renderMailboxPage(messages: readonly MailboxMessage[]): string {
  const items = messages
    .map(
      (message) => `<article>
  <h2>${escapeHtml(message.subject || '(no subject)')}</h2>
  <p class="meta">To ${escapeHtml(message.to.join(', '))} · from ${escapeHtml(message.from)} · <time>${escapeHtml(message.receivedAt)}</time></p>
  <pre>${linkify(message.text)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (${messages.length})</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1b1b1f; }
article { border: 1px solid #d5d5dc; border-radius: 8px; padding: 0 1rem; margin: 1rem 0; }
.meta { color: #55555e; font-size: 13px; }
pre { white-space: pre-wrap; font: inherit; }
</style>
</head>
<body>
<h1>Mailbox</h1>
<p>Mails the local servers sent, newest first. Reload to see new ones.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`
}
