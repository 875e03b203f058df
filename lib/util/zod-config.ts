import { z } from "zod";

/**
 * zod compiles object schemas with `new Function` when the page allows it,
 * and finds out by trying once: under our Content-Security-Policy (no
 * 'unsafe-eval') that probe is blocked and reported as a violation on every
 * page that validates anything. Jitless parsing needs no eval and no probe.
 * Imported for its effect by instrumentation-client.ts (before any app module in the
 * browser), and first by the modules that run zod in a browser
 * (the theme toggle, on every page, the card form, which checks effects as
 * they are typed, and the AI's worker).
 */
z.config({ jitless: true });
