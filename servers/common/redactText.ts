// Text bound for a server's log: an RPC provider's key rides in its URL's path or query
// (https://eth.example/v3/KEY, ?apikey=KEY), a database URL carries a password, and a visitor's
// email is theirs, not the log's.

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>()[\]{},]+/gi
const EMAIL_IN_TEXT = /[^\s"'`<>()[\]{},:;=/@]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi

/** scheme://host[:port] of a URL: no credentials, path, query or fragment. */
export function urlOrigin(url: string): string {
  try {
    const { protocol, host } = new URL(url)
    return `${protocol}//${host}`
  } catch {
    return `${url.slice(0, url.indexOf('://'))}://…`
  }
}

/**
 * The text with every URL cut to its origin and every email address replaced by `<email>`.
 *
 * @example
 * redactText('HTTP request failed. URL: https://eth.example/v3/KEY?x=1') // 'HTTP request failed. URL: https://eth.example'
 */
export function redactText(text: string): string {
  // file: URLs are the stack's own source files: no key rides there, and a log needs them.
  return text.replace(URL_IN_TEXT, (url) => (/^file:/i.test(url) ? url : urlOrigin(url))).replace(EMAIL_IN_TEXT, '<email>')
}
