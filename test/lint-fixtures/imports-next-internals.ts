// lint-as: lib/server/cache/fixture.ts
// A Next.js internal imported: refused (the public API only).
import { LRUCache } from "next/dist/server/lib/lru-cache";

export { LRUCache };
