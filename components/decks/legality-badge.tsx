import type { DeckCheck } from "@/lib/decks";

/** Legal / not legal with the exact reasons, announced politely when it changes. */
export function LegalityBadge({ check }: { check: Pick<DeckCheck, "legal" | "summary"> }) {
  return (
    <p aria-live="polite" data-testid="legality" className={`inline-flex flex-wrap items-center gap-2 rounded-md px-3 py-1.5 text-sm ${check.legal ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}>
      <span className={`rounded px-1.5 py-0.5 text-xs font-bold uppercase ${check.legal ? "bg-green-700 text-white" : "bg-red-700 text-white"}`}>{check.legal ? "Legal" : "Not legal"}</span>
      <span>{check.summary}</span>
    </p>
  );
}
