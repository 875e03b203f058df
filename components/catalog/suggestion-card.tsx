import Link from "next/link";
import type { SuggestionDTO } from "@/lib/catalog/types";
import { diffSnapshots } from "@/lib/catalog/snapshot-diff";

const STATUS: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  accepted: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
};

/** One suggestion: what it proposes (as a diff for corrections), its status and reason. */
export function SuggestionCard({ s, children }: { s: SuggestionDTO; children?: React.ReactNode }) {
  const changes = diffSnapshots(s.current, s.proposed as unknown as Record<string, unknown>);
  const p = s.proposed;
  return (
    <article className="panel space-y-2" data-testid="suggestion" aria-label={`${s.kind === "new" ? "New card" : "Correction"}: ${p.title}`}>
      <div className="flex flex-wrap items-baseline gap-2 text-sm">
        <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${STATUS[s.status]}`}>{s.status}</span>
        <span className="font-semibold">
          {s.kind === "new" ? "New card" : "Correction"}: {p.title} ({p.set}-{String(p.number).padStart(3, "0")})
        </span>
        <span className="text-slate-600">by {s.suggestedBy}</span>
        <time dateTime={s.createdAt} className="ml-auto text-xs text-slate-500">
          {s.createdAt.replace("T", " ").slice(0, 16)} UTC
        </time>
      </div>
      <table className="w-full text-left text-sm">
        <tbody>
          {changes.map((c) => (
            <tr key={c.field} className="border-t border-slate-100 align-top">
              <th scope="row" className="w-24 py-1 font-medium">
                {c.field}
              </th>
              {s.current && (
                <td className="py-1">
                  <del className="break-all bg-red-50 text-red-800 no-underline">{c.before}</del>
                </td>
              )}
              <td className="py-1">
                <ins className="break-all bg-green-50 text-green-800 no-underline">{c.after}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {s.kind === "correction" && s.current && (
        <p className="text-xs text-slate-500">{s.status === "accepted" ? "Compared with the card before this correction was applied." : "Compared with the card as it is now."}</p>
      )}
      {s.kind === "correction" && s.current && changes.length === 0 && <p className="text-sm text-slate-600">{s.status === "accepted" ? "This correction changed nothing." : "No differences from the card as it is now."}</p>}
      {s.status === "rejected" && (
        <p className="text-sm">
          <span className="font-semibold">Reason:</span> {s.reason}
        </p>
      )}
      {s.status === "accepted" && s.cardId && (
        <p className="text-sm">
          <Link href={`/cards/${p.set}/${p.number}`} className="text-blue-700 hover:underline">
            View the card
          </Link>
        </p>
      )}
      {children}
    </article>
  );
}
