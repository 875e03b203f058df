import Link from "next/link";
import { Suspense } from "react";
import { AccountDeletedNotice } from "@/components/accounts/account-deleted-notice";
import { SignedInSwitch } from "@/components/accounts/current-user";
import { MAX_COPIES_PER_TITLE, MIN_DECK_SIZE } from "@/lib/decks/rules";

const FEATURES = [
  { href: "/cards", title: "Search the catalog", body: "Scryfall-style search by color, trait, rings and text, with filters that write the query for you." },
  { href: "/collection", title: "Catalogue your cards", body: "Enter booster packs fast with the keyboard, track completion per set, color and rarity." },
  { href: "/decks", title: "Build legal decks", body: `${MIN_DECK_SIZE} cards or more, at most ${MAX_COPIES_PER_TITLE} of a title, with your collection beside the deck: owned, missing, what to trade for.` },
  { href: "/playtest", title: "Playtest against the AI", body: "A board that enforces the real rules: secret placement, the rush, copy and battle discards, emeralds." },
];

export default function HomePage() {
  return (
    <div className="space-y-10">
      <Suspense>
        <AccountDeletedNotice />
      </Suspense>
      <section className="rounded-2xl bg-gradient-to-br from-blue-800 to-blue-600 px-6 py-12 text-white shadow-lg sm:px-10">
        <p className="badge-unofficial mb-4">Unofficial fan tool · demo card data</p>
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">The binder for the Sonic X Trading Card Game.</h1>
        <p className="mt-4 max-w-2xl text-lg text-blue-100">
          Two players race to three Chaos Emeralds on a 5×4 grid. Ringbinder keeps your collection, builds legal decks beside it, shares
          them with a link, and lets you playtest solo against an AI on the real rules.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/cards" className="btn bg-amber-400 text-blue-950 hover:bg-amber-300">
            Browse the cards
          </Link>
          <Link href="/learn" className="btn border border-white/50 text-white hover:bg-white/10">
            Learn to play
          </Link>
          <SignedInSwitch
            guest={
              <Link href="/signup" className="btn border border-white/50 text-white hover:bg-white/10">
                Create a free account
              </Link>
            }
          >
            <Link href="/decks" className="btn border border-white/50 text-white hover:bg-white/10">
              My decks
            </Link>
          </SignedInSwitch>
        </div>
      </section>

      <section aria-labelledby="features">
        <h2 id="features" className="sr-only">
          What you can do
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.href}>
              <Link href={f.href} className="panel block h-full hover:border-blue-400 hover:shadow-md">
                <h3 className="font-bold text-blue-800">{f.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{f.body}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="panel border-amber-300 bg-amber-50">
        <h2 className="font-bold text-amber-900">About the card data</h2>
        <p className="mt-1 text-sm text-amber-900">
          The real card list of the Sonic X TCG (Score Entertainment, 2005) is not available to us. Ringbinder ships an{" "}
          <strong>unofficial demo set</strong>: character names from the show with invented numbers, rings and colors, so every rule can be
          tried. Signed-in players can suggest the real cards, and admins can import them.
        </p>
      </section>
    </div>
  );
}
