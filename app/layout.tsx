import Link from "next/link";
import type { Metadata, Viewport } from "next";
import "./globals.css";
import { SiteHeader } from "@/components/site/site-header";
import { CardZoom } from "@/components/catalog/card-zoom";
import { THEME_SCRIPT } from "@/components/site/theme";
import { RouteFocus } from "@/components/site/route-focus";
import { ServiceWorker } from "@/components/site/service-worker";

export const metadata: Metadata = {
  title: { default: "Ringbinder — Sonic X TCG collection, decks and playtest", template: "%s · Ringbinder" },
  description:
    "Catalogue your Sonic X Trading Card Game collection, build legal decks beside it, share deck links and playtest against a rules-enforced AI. Unofficial fan tool.",
  applicationName: "Ringbinder",
  appleWebApp: { capable: true, title: "Ringbinder", statusBarStyle: "default" },
  icons: { apple: [{ url: "/icons/apple-touch-icon.png", sizes: "180x180" }] },
};

export const viewport: Viewport = { themeColor: "#1e3a8a" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* before first paint: the saved or system colour theme (no light flash on a dark page) */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
          {children}
        </main>
        <footer className="border-t border-slate-200 bg-white px-4 py-4 text-center text-xs text-slate-500">
          Ringbinder is an unofficial fan tool. Sonic X and its characters belong to their owners; the card data shipped here is an
          unofficial demo set, not the real card list.{" "}
          <Link href="/developers" className="underline">
            Public API
          </Link>
        </footer>
        <CardZoom />
        {/* after a client navigation: focus to the new page's heading, and its name announced */}
        <RouteFocus />
        <ServiceWorker />
      </body>
    </html>
  );
}
