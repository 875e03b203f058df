// Runs in the browser before the app's own modules: zod is set to parse without
// compiling (no eval), before any module builds a schema and zod probes for eval,
// which the Content-Security-Policy blocks and reports (lib/util/zod-config.ts).
import "@/lib/util/zod-config";
