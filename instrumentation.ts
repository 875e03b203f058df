/** Runs once when a server process starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddresses } = await import("@/lib/peer-address");
    stampPeerAddresses();
  }
}
