/**
 * The headers every response carries (next.config.js sends them on every
 * path), and the ones every path but /embed carries: in one place, so a
 * response Next does not make (the game routes' fast path,
 * lib/server/fast-routes.ts) carries the same.
 * CommonJS so next.config.js can read it.
 */
"use strict";

const BASE_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** Every path but /embed and below: no framing by other sites. */
const NOT_EMBED_HEADERS = [{ key: "X-Frame-Options", value: "DENY" }];

module.exports = { BASE_HEADERS, NOT_EMBED_HEADERS };
