/** Runs once when a server process starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddresses } = await import("@/lib/server/peer-address");
    stampPeerAddresses();
    const { sendLargeStringsAsBytes } = await import("@/lib/server/cache/response-bytes");
    sendLargeStringsAsBytes();
    if (process.env.EVENT_LOOP_STATS === "1") {
      const { reportEventLoopDelay } = await import("@/lib/server/event-loop-stats");
      reportEventLoopDelay();
    }
  }
}
