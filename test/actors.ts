import type { Actor } from "@/lib/server/actor";

/**
 * No actor where a data function's type wants one: a guest that a caller
 * slipped past the type. Tests pass it to prove the function still refuses it
 * at run time (requireActor / requireAdminActor throw "auth/unauthenticated").
 */
export const GUEST = null as unknown as Actor;
