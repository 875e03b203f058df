import type { Metadata } from "next";
import Link from "next/link";
import { requireUserOrRedirect } from "@/lib/server/request-actor";

export const metadata: Metadata = { title: "Welcome" };

const STEPS = [
  { href: "/learn", title: "Learn to play", text: "A guided first game against the AI, with a hint for every step." },
  { href: "/collection/booster", title: "Add your cards", text: "Enter a booster pack card by card, or import a list from a file." },
  { href: "/decks", title: "Build a deck", text: "Start from a starter deck or an empty one; the editor checks it as you go." },
  { href: "/playtest", title: "Play against the AI", text: "Try any deck on the rules-enforced board." },
] as const;

/** Where a new account lands after signing up: what to do next, instead of the marketing page. */
export default async function WelcomePage() {
  const me = await requireUserOrRedirect("/welcome");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Welcome, {me.displayName}!</h1>
        <p className="mt-2 text-slate-700">Your account is ready and you are signed in. Where would you like to start?</p>
      </div>
      <ol className="grid gap-4 sm:grid-cols-2">
        {STEPS.map((s, i) => (
          <li key={s.href}>
            <Link href={s.href} className="panel block h-full hover:border-blue-400">
              <span className="text-sm font-semibold text-slate-500">Step {i + 1}</span>
              <span className="mt-1 block text-lg font-semibold text-blue-700">{s.title}</span>
              <span className="mt-1 block text-sm text-slate-700">{s.text}</span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
