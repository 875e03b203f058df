/**
 * Access-matrix rows for infrastructure with data access: bulk imports, literal matching, the session gate and the page helpers, health
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import { expect } from "vitest";
import * as requestActor from "@/lib/server/request-actor";
import * as bulk from "@/lib/server/db/bulk";
import * as literalMatch from "@/lib/server/db/literal-match";
import { PUBLIC, SIGNED_IN, ADMIN, db, type Rows, type Who } from "@/test/access/harness";

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "server/db/bulk.ts#yieldToEventLoop": { access: "pure", why: "waits a tick" },
  // an import job belongs to the session's user; the steps on it need the job startImportJob minted (forgeries: the test at the end)
  "server/db/bulk.ts#startImportJob": { access: "checked", call: async (actor) => (await bulk.startImportJob(actor, "collection", 0)).userId, expect: SIGNED_IN, verify: (who, r, f) => expect(r).toBe(f.users[who as Exclude<Who, "guest">].id) },
  "server/db/bulk.ts#analyzeStaged": {
    access: "internal",
    why: "PostgreSQL: refreshes the planner's statistics of the staging tables once an import that has passed its own checks has staged its rows (reads or writes no row)",
    importers: ["lib/catalog/data/catalog-import.ts", "lib/collection/data/import.ts"],
  },
  "server/db/bulk.ts#stageInChunks": { access: "pure", why: "hands chunks of the rows it is given to the importer's own write (no data access of its own)" },
  "server/db/bulk.ts#applyInOneTransaction": {
    access: "checked",
    call: async (actor) => {
      const job = await bulk.startImportJob(actor, "collection", 0);
      await bulk.applyInOneTransaction(job, 0, { kind: "collection", timeoutMs: 10_000, range: async () => {} });
      return (await db().importJob.findUniqueOrThrow({ where: { id: job.id } })).status;
    },
    expect: SIGNED_IN,
    verify: (_who, r) => expect(r).toBe("applied"),
  },
  "server/db/bulk.ts#dropImportJob": {
    access: "checked",
    call: async (actor) => {
      const job = await bulk.startImportJob(actor, "collection", 0);
      await bulk.dropImportJob(job);
      return db().importJob.count({ where: { id: job.id } });
    },
    expect: SIGNED_IN,
    verify: (_who, r) => expect(r).toBe(0),
  },
  "server/db/bulk.ts#clearAbandonedImports": {
    access: "internal",
    why: "drops the staged rows of imports that died over an hour ago (their apply, one transaction, was rolled back by the database); only startImportJob calls it",
    importers: [],
  },
  "server/db/literal-match.ts#titleKeyContains": { access: "checked", call: () => literalMatch.titleKeyContains("100%"), expect: PUBLIC },
  "server/db/literal-match.ts#publicDeckNameContains": { access: "checked", call: () => literalMatch.publicDeckNameContains("50%"), expect: PUBLIC, verify: (_who, r, f) => expect(JSON.stringify(r)).not.toContain(f.privateDeck.id) },
  "server/session.ts#getCurrentUser": { access: "auth", why: "the session gate itself (tested in lib/server/session.test.ts)", importers: ["*"] },
  // where a request's actor comes from (the session), for the pipeline and pages: the page helpers are called as each caller's session
  "server/request-actor.ts#authenticate": { access: "auth", why: "the pipeline's and pages' read of the session's actor (tested in lib/server/session.test.ts and through every action and route)", importers: ["*"] },
  // the same read for the game routes' fast path, served before Next (from the request's own Cookie header): only the fast route's pipeline uses it
  "server/request-actor.ts#authenticateHeaders": { access: "auth", why: "the fast path's read of the session's actor, the pipeline's gate outside Next (tested in lib/play/fast-routes.test.ts)", importers: ["lib/server/fast-route.ts"] },
  "server/session.ts#sessionUserFromHeaders": { access: "auth", why: "the session gate for a request served outside Next's request context (tested in lib/play/fast-routes.test.ts, revocation included)", importers: ["lib/server/request-actor.ts"] },
  "server/request-actor.ts#requireUserOrRedirect": { access: "checked", call: () => requestActor.requireUserOrRedirect("/decks"), expect: SIGNED_IN },
  "server/request-actor.ts#requireAdminPage": { access: "checked", call: () => requestActor.requireAdminPage("/admin"), expect: ADMIN },
};

/** This feature's route handlers under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
  "health/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/health/route")).GET(new Request("http://app.test/api/health")), expect: PUBLIC },
};
