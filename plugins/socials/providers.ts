import type { SocialOption } from '../../kernel/index.ts'

/**
 * The social buttons' names and marks: stroke paths on the 24-unit icon grid, drawn
 * inline (no image is fetched from a provider's host).
 */
export const SOCIAL_BUTTONS: Record<SocialOption, { readonly name: string; readonly icon: string }> = {
  google: { name: 'Google', icon: 'M20 12h-8M20 12a8 8 0 1 1-2.3-5.7' },
  x: { name: 'X', icon: 'M5 4l14 16M19 4L5 20' },
  discord: {
    name: 'Discord',
    icon: 'M7 7c3-1.5 7-1.5 10 0l2 9c-2 2-4 2.5-5 2.5l-1-2h-2l-1 2c-1 0-3-.5-5-2.5zM9.5 12.5h.01M14.5 12.5h.01',
  },
  github: {
    name: 'GitHub',
    icon: 'M9 19c-4 1.5-4-2-6-2.5M15 21v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.2 4.2 0 0 0-.1-3.2s-1.1-.3-3.5 1.3a12 12 0 0 0-6.2 0C6.5 2.8 5.4 3.1 5.4 3.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.5c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21',
  },
  apple: {
    name: 'Apple',
    icon: 'M12 7c0-2 1.5-3.5 3-4M8 8c-3 0-5 3-4 7 1 3 3 6 5 6 1 0 2-.6 3-.6s2 .6 3 .6c2 0 3.5-2.5 4.5-5-2-1-2.5-4.5 0-6-1-1.5-2.5-2-4-2-1 0-2 .6-3.5.6S9.5 8 8 8z',
  },
  // The Farcaster arch: two posts and a crossbar.
  farcaster: { name: 'Farcaster', icon: 'M5 4h14M7 4v16M17 4v16M7 10c1-2 3-3 5-3s4 1 5 3' },
  facebook: { name: 'Facebook', icon: 'M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z' },
}

/** The overflow button's mark (three dots), in the row of icon buttons; its name is in the catalogue. */
export const MORE_PROVIDERS_ICON = 'M6 12h.01M12 12h.01M18 12h.01'
