"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { OwnedQuantityControl } from "@/components/catalog/owned-quantity-control";
import { useCurrentUser } from "@/components/accounts/current-user";

type Usage = { owned: number; myDecks: { id: string; name: string; quantity: number; visibility: string }[] };

/**
 * "In your binder" on a card page: the page is cached for everyone, so the
 * visitor's copies and decks are asked for from the browser (never cached).
 */
export function CardBinderPanel({ cardId, title, cardPath }: { cardId: string; title: string; cardPath: string }) {
  const session = useCurrentUser();
  const signedIn = session.status === "ready" && session.user !== null;
  const [usage, setUsage] = useState<Usage | "error" | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    fetch(`/api/me/card-usage?card=${encodeURIComponent(cardId)}`, { cache: "no-store" })
      .then((r) => (r.ok ? (r.json() as Promise<Usage>) : Promise.reject(new Error(String(r.status)))))
      .then((u) => live && setUsage(u))
      .catch(() => live && setUsage("error"));
    return () => {
      live = false;
    };
  }, [cardId, signedIn]);

  if (session.status === "loading" || (signedIn && usage === null)) {
    return (
      <p className="text-sm text-slate-500" role="status">
        Loading your copies…
      </p>
    );
  }
  if (!signedIn) {
    return (
      <p className="text-sm text-slate-600">
        <Link href={`/signin?callbackUrl=${encodeURIComponent(cardPath)}`} className="text-blue-700 underline">
          Sign in
        </Link>{" "}
        to track how many you own and which of your decks use it.
      </p>
    );
  }
  if (usage === "error" || usage === null) {
    return (
      <p className="text-sm text-red-800" role="alert">
        Your copies could not be loaded. Reload the page to try again.
      </p>
    );
  }
  return (
    <>
      <OwnedQuantityControl cardId={cardId} title={title} initial={usage.owned} />
      {usage.myDecks.length === 0 ? (
        <p className="text-sm text-slate-600">None of your decks use this card.</p>
      ) : (
        <ul className="text-sm" aria-label="Your decks using this card">
          {usage.myDecks.map((d) => (
            <li key={d.id}>
              <Link href={`/decks/${d.id}`} className="text-blue-700 hover:underline">
                {d.name}
              </Link>{" "}
              <span className="text-slate-500">
                ×{d.quantity} · {d.visibility}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
