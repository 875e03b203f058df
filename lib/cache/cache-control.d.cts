/** Types of lib/cache/cache-control.cjs. */
export const PUBLIC_CACHE_CONTROL: string;
