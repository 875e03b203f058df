/** Types of lib/server/csp-policy.cjs (plain CommonJS: the cache handler loads it uncompiled). */
export function imageHosts(env?: Record<string, string | undefined>): string[];
export function contentSecurityPolicy(opts: { nonce?: string; scriptHashes?: readonly string[]; dev: boolean; https: boolean; imageHosts: readonly string[]; embed?: boolean }): string;
export function isEmbedPath(pathname: string): boolean;
export function scriptHash(source: string): string;
export function inlineScriptHashes(html: string): string[];
export function cachedPagePolicy(html: string, env?: Record<string, string | undefined>): string;
export const HSTS: string;
