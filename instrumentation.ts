/** Runs once when a server process starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // first, so that the patches below run before it (each wraps the one installed before it)
    const { serveFastRoutes } = await import("@/lib/server/fast-dispatch");
    serveFastRoutes();
    const { stampPeerAddresses } = await import("@/lib/server/peer-address");
    stampPeerAddresses();
    const { refuseMalformedPaths } = await import("@/lib/server/request-guard");
    refuseMalformedPaths();
    const { sendLargeStringsAsBytes } = await import("@/lib/server/cache/response-bytes");
    sendLargeStringsAsBytes();
    // a build renders pages but serves nobody
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      const { startIdleMemoryTrim } = await import("@/lib/server/idle-memory");
      startIdleMemoryTrim();
    }
    if (process.env.EVENT_LOOP_STATS === "1") {
      const { reportEventLoopDelay } = await import("@/lib/server/event-loop-stats");
      reportEventLoopDelay();
    }
  }
}
