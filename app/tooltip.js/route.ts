import { tooltipMain } from "@/lib/og/tooltip";

/**
 * GET /tooltip.js: the card-tooltip script for fan sites (lib/og/tooltip.ts).
 * Static JavaScript, the same for everyone: any site may load it (CORS open),
 * shared caches may keep it for an hour.
 */
const SOURCE = `/* Ringbinder card tooltips: [[Card title]] -> hover and focus cards. See /developers. */
(function () {
  var s = document.currentScript;
  var run = function () { (${tooltipMain.toString()})(window, s && s.src ? s.src : "/tooltip.js"); };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run); else run();
})();
`;

export function GET(): Response {
  return new Response(SOURCE, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
