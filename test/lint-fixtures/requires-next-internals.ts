// lint-as: lib/server/cache/fixture.ts
// Next.js internals by require (as a CommonJS cache handler would) and by dynamic import: both refused.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the require is the point of the fixture
export const manifest = require("next/dist/server/lib/incremental-cache/tags-manifest.external");
export const later = () => import("next/dist/server/lib/incremental-cache/file-system-cache");
