import Link from "next/link";
import type { CardEvidenceDTO } from "@/lib/census/types";
import { StateBadge } from "./state-badge";

/** On a card page: the census evidence of the printing, field by field (state, proposer, photo). */
export function CardEvidence({ evidence }: { evidence: CardEvidenceDTO | null }) {
  if (!evidence) return null;
  return (
    <section className="panel space-y-3" aria-labelledby="evidence-heading" data-testid="card-evidence">
      <h2 id="evidence-heading" className="text-lg font-semibold">
        {evidence.status === "verified" ? "Census evidence" : evidence.correction ? "A correction is being verified" : "Being verified in the census"}
      </h2>
      {evidence.status === "open" && (
        <p className="text-sm text-slate-700">
          {evidence.correction
            ? "Someone proposed new values for this card. The card changes only once every field is verified."
            : "This printing was submitted and is not verified yet."}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {[evidence.front, evidence.back].map((url, i) =>
          url ? (
            // eslint-disable-next-line @next/next/no-img-element -- a stored, re-encoded photo served from this site
            <img key={url} src={url} alt={i === 0 ? "Photo of the front" : "Photo of the back"} className="h-40 rounded border border-slate-300 object-contain" />
          ) : null,
        )}
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">Verification state of each field</caption>
        <thead>
          <tr className="text-left">
            <th scope="col">Field</th>
            <th scope="col">State</th>
            <th scope="col">Proposed by</th>
          </tr>
        </thead>
        <tbody>
          {evidence.fields.map((f) => (
            <tr key={f.label}>
              <td>{f.label}</td>
              <td>
                <StateBadge state={f.state} confirmations={f.confirmations} byAdmin={f.verifiedByAdmin} />
              </td>
              <td>
                {f.proposedBy} ({f.photo} photo)
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Link href={`/census/${evidence.submissionId}`} className="text-sm text-blue-700 underline">
        The census submission, with every confirmation and dispute
      </Link>
    </section>
  );
}
