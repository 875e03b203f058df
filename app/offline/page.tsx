import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Offline" };

/** What a page that could not load without a connection shows (the service worker's fallback, app/sw.ts). */
export default function OfflinePage() {
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold">You are offline</h1>
      <p className="mt-2 text-slate-700">
        This page needs a connection. Booster entry works without one: cards are looked up on this device, and the packs you save are added to
        your collection when you are back online.
      </p>
      <p className="mt-4">
        <Link href="/collection/booster" className="btn-primary">
          Open a booster
        </Link>
      </p>
    </div>
  );
}
