import Link from "next/link";
import type { CensusFieldDTO, CensusSubmissionDTO } from "@/lib/census/types";
import { removeSubmissionAction } from "@/lib/census/actions";
import { StateBadge } from "./state-badge";
import { PhotoFrame } from "./photo-frame";
import { FieldActions, ReportPhotoForm } from "./field-actions";
import { ActionForm } from "./action-form";

const day = (iso: string) => iso.slice(0, 10);

/** The dispute view of one field: the proposed value and each disputed one, with both photos side by side. */
function DisputeDiff({ s, field }: { s: CensusSubmissionDTO; field: CensusFieldDTO }) {
  const disputes = field.votes.filter((v) => v.kind === "dispute");
  if (!disputes.length) return null;
  return (
    <div className="mt-3 space-y-3 rounded-md border border-amber-300 p-3" id={`dispute-${field.name}`}>
      <h4 className="text-sm font-semibold">Dispute of the {field.label.toLowerCase()}</h4>
      {disputes.map((d) => (
        <div key={d.id} className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-2">
            <p className="text-sm">
              <span className="font-semibold">Proposed:</span> <del className="decoration-red-600">{field.display}</del>
              <span className="block text-xs text-slate-600">by {field.proposedBy}, from the {field.photo} photo</span>
            </p>
            <PhotoFrame photo={field.photo === "back" ? s.back : s.front} caption={`The submission's ${field.photo} photo`} />
          </div>
          <div className="space-y-2">
            <p className="text-sm">
              <span className="font-semibold">Disputed:</span> <ins className="decoration-green-700">{d.value}</ins>
              <span className="block text-xs text-slate-600">
                by {d.by} on {day(d.createdAt)}
                {d.open ? "" : " (settled)"}
                {d.note ? `: “${d.note}”` : ""}
              </span>
            </p>
            <PhotoFrame photo={d.photo ?? (field.photo === "back" ? s.back : s.front)} caption={d.photo ? `${d.by}'s photo` : "No photo of their own: the same photo"} />
          </div>
        </div>
      ))}
      {field.answer && (
        <p className="text-sm">
          <span className="font-semibold">The submitter answers:</span> {field.answer}
        </p>
      )}
    </div>
  );
}

/** A census submission: its photos, and every field with its value, provenance, verification state, votes and actions. */
export function SubmissionView({ s, signedIn, isAdmin, sent }: { s: CensusSubmissionDTO; signedIn: boolean; isAdmin: boolean; sent: boolean }) {
  const returnTo = `/census/${s.id}`;
  return (
    <div className="space-y-6">
      <Link href="/census" className="text-sm text-blue-700 hover:underline">
        ← Census queue
      </Link>
      <div aria-live="polite">
        {sent && (
          <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
            Thanks! Your {s.corrects ? "correction" : "submission"} is in the queue: two other people (or an admin) confirm each field against your photo.
          </p>
        )}
      </div>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">
          {s.key} {s.title}
        </h1>
        <p className="text-sm text-slate-700">
          {s.status === "verified" ? "Verified" : s.status === "removed" ? "Removed by an admin" : "Open"} · {s.verifiedFields} of {s.fields.length} fields verified · submitted by {s.submittedBy} on {day(s.createdAt)}
          {s.source === "suggestion" ? " (from the old card-suggestion form)" : ""}
        </p>
        {s.corrects && (
          <p className="text-sm" data-testid="corrects">
            A correction of{" "}
            <Link href={s.corrects.href} className="text-blue-700 underline">
              {s.corrects.key} {s.corrects.title}
            </Link>
            {s.corrects.unofficial ? " (unofficial demo card)" : ""}: the card changes only when every field is verified. Fields that differ show what the catalog says now.
          </p>
        )}
        {s.cardHref && (
          <p>
            <Link href={s.cardHref} className="btn-primary inline-block" data-testid="catalog-link">
              Open the card in the catalog
            </Link>
          </p>
        )}
        {!signedIn && s.status === "open" && (
          <p className="text-sm">
            <Link href={`/signin?callbackUrl=${encodeURIComponent(returnTo)}`} className="text-blue-700 underline">
              Sign in
            </Link>{" "}
            to confirm or dispute these fields.
          </p>
        )}
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,18rem)_1fr]">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
          <PhotoFrame photo={s.front} caption="Front">
            {signedIn && s.front?.url && <ReportPhotoForm photoId={s.front.id} />}
          </PhotoFrame>
          <PhotoFrame photo={s.back} caption="Back">
            {signedIn && s.back?.url && <ReportPhotoForm photoId={s.back.id} />}
          </PhotoFrame>
        </div>
        <ol className="space-y-3" aria-label="Fields">
          {s.fields.map((f) => (
            <li key={f.name} className="panel space-y-2" data-testid={`field-${f.name}`}>
              <div className="flex flex-wrap items-baseline gap-2">
                <h3 className="font-semibold">{f.label}</h3>
                <StateBadge state={f.state} confirmations={f.confirmations} byAdmin={f.verifiedByAdmin} />
              </div>
              <p className={f.name === "effect" ? "text-sm" : "text-base"}>
                {f.name === "effect" && <span className="font-semibold">Reads as: </span>}
                {f.display}
              </p>
              {f.catalogNow !== null && (
                <p className="text-sm text-slate-700">
                  <span className="font-semibold">Catalog now:</span> <del className="decoration-red-600">{f.catalogNow}</del>
                </p>
              )}
              <p className="text-xs text-slate-600">
                Proposed by {f.proposedBy} from the {f.photo} photo on {day(f.proposedAt)}
                {f.votes.some((v) => v.kind === "confirm") && ` · confirmed by ${f.votes.filter((v) => v.kind === "confirm").map((v) => v.by).join(", ")}`}
                {f.isMine && " · you proposed this value"}
              </p>
              {f.state === "disputed" || f.votes.some((v) => v.kind === "dispute") ? <DisputeDiff s={s} field={f} /> : null}
              {signedIn && <FieldActions submissionId={s.id} field={f} isSubmitter={s.isSubmitter} isAdmin={isAdmin} />}
            </li>
          ))}
        </ol>
      </div>
      {isAdmin && s.status === "open" && (
        <section className="panel space-y-2" aria-labelledby="remove-heading">
          <h2 id="remove-heading" className="font-semibold">
            Admin: remove this submission
          </h2>
          <ActionForm action={removeSubmissionAction} hidden={{ id: s.id }} submit="Remove submission" buttonClass="btn-secondary">
            <label htmlFor="remove-reason" className="label">
              Reason (kept in the audit log)
            </label>
            <input id="remove-reason" name="reason" className="input" maxLength={500} />
          </ActionForm>
        </section>
      )}
    </div>
  );
}
