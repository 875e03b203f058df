/** The request header that carries the TCP peer's address to the app (stamped by lib/server/peer-address, never trusted from the client). */
export const PEER_HEADER = "x-ringbinder-peer";
