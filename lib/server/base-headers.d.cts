/** Types of lib/server/base-headers.cjs (plain CommonJS: next.config.js loads it uncompiled). */
export const BASE_HEADERS: readonly { key: string; value: string }[];
export const NOT_EMBED_HEADERS: readonly { key: string; value: string }[];
