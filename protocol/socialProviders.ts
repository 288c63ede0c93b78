/**
 * The social providers the frame server logs in through (SPEC §5): the one list the frame
 * protocol, the frame server, the kernel's config and the socials plugin derive theirs from.
 */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
