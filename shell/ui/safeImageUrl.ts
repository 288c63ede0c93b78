/**
 * Whether `src` may be used as an image source: https:, http: or a
 * data:image/ URI. Wallet metadata is untrusted, so anything else
 * (javascript:, relative paths, other data: types) is refused.
 */
export function isSafeImageUrl(src: string | undefined): src is string {
  if (!src) return false
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return false
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') return true
  return url.protocol === 'data:' && /^data:image\//i.test(url.href)
}
