import type { MetadataRoute } from "next";

/** The web app manifest (/manifest.webmanifest): Ringbinder installs as an app; booster entry is a shortcut. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Ringbinder — Sonic X TCG collection and decks",
    short_name: "Ringbinder",
    description: "Catalogue your Sonic X Trading Card Game cards, build legal decks, and playtest against the rules.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#1e3a8a",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [{ name: "Open a booster", url: "/collection/booster", icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }] }],
  };
}
