/** The request header that carries the TCP peer's address to the app (stamped by lib/peer-address, never trusted from the client). */
export const PEER_HEADER = "x-ringbinder-peer";
