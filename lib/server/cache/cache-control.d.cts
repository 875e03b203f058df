/** Types of lib/server/cache/cache-control.cjs. */
export const PUBLIC_CACHE_CONTROL: string;
