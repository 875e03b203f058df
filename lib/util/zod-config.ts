import { config } from "zod/v4/core";

/**
 * zod compiles object schemas with `new Function` when the page allows it,
 * and finds out by trying once: under our Content-Security-Policy (no
 * 'unsafe-eval') that probe is blocked and reported as a violation on every
 * page that validates anything. Jitless parsing needs no eval and no probe.
 * zod reads the flag when a schema is built, so this must run before any
 * schema module: imported for its effect by instrumentation-client.ts (before
 * any app module in the browser) and first by the modules that run zod in a
 * browser (the card form, which checks effects as they are typed, and the AI's
 * worker). It imports zod's core `config` only (the setting lives in one
 * global object that the full `z` reads too), so pages that validate nothing
 * in the browser do not ship zod (scripts/route-size.ts --all).
 */
config({ jitless: true });
