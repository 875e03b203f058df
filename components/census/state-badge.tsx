import { CONFIRMATIONS_NEEDED, type FieldState } from "@/lib/census/fields";

const STYLE: Record<FieldState, string> = {
  verified: "bg-green-100 text-green-900",
  disputed: "bg-amber-100 text-amber-900",
  proposed: "bg-slate-100 text-slate-800",
};

/** A field's verification state in words: "Verified ✓", "Disputed", or "1 of 2 confirmations". */
export function StateBadge({ state, confirmations, byAdmin }: { state: FieldState; confirmations: number; byAdmin: boolean }) {
  const text = state === "verified" ? (byAdmin ? "Verified ✓ (admin)" : "Verified ✓") : state === "disputed" ? "Disputed" : `${Math.min(confirmations, CONFIRMATIONS_NEEDED)} of ${CONFIRMATIONS_NEEDED} confirmations`;
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STYLE[state]}`}>{text}</span>;
}
