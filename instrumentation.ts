/** Runs once when a server process starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddresses } = await import("@/lib/peer-address");
    stampPeerAddresses();
    const { refuseMalformedPaths } = await import("@/lib/request-guard");
    refuseMalformedPaths();
    const { sendLargeStringsAsBytes } = await import("@/lib/response-bytes");
    sendLargeStringsAsBytes();
    if (process.env.EVENT_LOOP_STATS === "1") {
      const { reportEventLoopDelay } = await import("@/lib/event-loop-stats");
      reportEventLoopDelay();
    }
  }
}
