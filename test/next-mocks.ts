import { vi } from "vitest";

/**
 * Stand-ins for Next's request-time modules, shared by the tests that run actions, data
 * functions and pages outside Next. vi.mock is hoisted per file, so a test file still
 * calls it; it imports the factory inside, e.g.
 *   vi.mock("next/cache", async () => (await import("@/test/next-mocks")).nextCacheMock());
 */

/** next/cache: invalidation calls are recorded spies; unstable_cache runs the function uncached. */
export function nextCacheMock() {
  return {
    refresh: vi.fn(),
    revalidatePath: vi.fn(),
    revalidateTag: vi.fn(),
    updateTag: vi.fn(),
    unstable_cache: <T>(fn: T) => fn,
  };
}

/**
 * next/navigation: redirect, forbidden and notFound throw errors whose message names what
 * was asked (`NEXT_REDIRECT:/signin?…`, `NEXT_HTTP_ERROR_FALLBACK;403`, `…;404`), as the
 * tests match them.
 */
export function nextNavigationMock() {
  return {
    redirect: (url: string): never => {
      throw new Error(`NEXT_REDIRECT:${url}`);
    },
    forbidden: (): never => {
      throw new Error("NEXT_HTTP_ERROR_FALLBACK;403");
    },
    notFound: (): never => {
      throw new Error("NEXT_HTTP_ERROR_FALLBACK;404");
    },
  };
}
