"use client";

import { useId } from "react";
import { answerDisputeAction, confirmFieldAction, disputeFieldAction, reportPhotoAction, settleDisputeAction } from "@/lib/census/actions";
import { CENSUS_PHOTO_ACCEPT, MAX_CENSUS_PHOTO_LABEL } from "@/lib/census/photo-limits";
import type { CensusFieldDTO } from "@/lib/census/types";
import { ActionForm } from "./action-form";

/** What the viewer can do with one field: confirm it, dispute it, answer a dispute (the submitter), settle it (an admin). */
export function FieldActions({ submissionId, field, isSubmitter, isAdmin }: { submissionId: string; field: CensusFieldDTO; isSubmitter: boolean; isAdmin: boolean }) {
  const id = useId();
  const hidden = { id: submissionId, field: field.name };
  const openDisputes = field.votes.filter((v) => v.kind === "dispute" && v.open);
  return (
    <div className="flex flex-wrap items-start gap-3">
      {field.canVote && (
        <>
          <ActionForm action={confirmFieldAction} hidden={hidden} submit={isAdmin ? `Verify ${field.label.toLowerCase()} (admin)` : `Confirm ${field.label.toLowerCase()}`} buttonClass="btn-primary" testId={`confirm-${field.name}`} />
          <details className="rounded-md border border-slate-300 px-3 py-2 text-sm">
            <summary className="cursor-pointer">Dispute</summary>
            <ActionForm action={disputeFieldAction} hidden={hidden} submit="Send dispute" className="mt-2 space-y-2">
              <div>
                <label htmlFor={`${id}-value`} className="label">
                  What the card says
                </label>
                <input id={`${id}-value`} name="value" className="input" defaultValue={typeof field.value === "object" ? JSON.stringify(field.value) : String(field.value ?? "")} />
              </div>
              <div>
                <label htmlFor={`${id}-note`} className="label">
                  Note (optional)
                </label>
                <input id={`${id}-note`} name="note" className="input" maxLength={500} />
              </div>
              <div>
                <label htmlFor={`${id}-photo`} className="label">
                  Your photo (optional, at most {MAX_CENSUS_PHOTO_LABEL})
                </label>
                <input id={`${id}-photo`} name="photo" type="file" accept={CENSUS_PHOTO_ACCEPT} className="input" />
              </div>
            </ActionForm>
          </details>
        </>
      )}
      {field.state === "disputed" && isSubmitter && (
        <ActionForm action={answerDisputeAction} hidden={hidden} submit="Answer">
          <label htmlFor={`${id}-answer`} className="label">
            Your answer to the dispute
          </label>
          <textarea id={`${id}-answer`} name="answer" rows={2} className="input" defaultValue={field.answer} maxLength={1000} />
        </ActionForm>
      )}
      {field.state === "disputed" && isAdmin && (
        <ActionForm action={settleDisputeAction} hidden={hidden} submit="Settle" buttonClass="btn-primary" testId={`settle-${field.name}`}>
          <fieldset className="space-y-1 text-sm">
            <legend className="font-semibold">Settle {field.label.toLowerCase()}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="decision" value="keep" defaultChecked /> Keep “{field.display}”
            </label>
            {openDisputes.map((v) => (
              <label key={v.id} className="flex items-center gap-2">
                <input type="radio" name="decision" value={v.id} /> Take “{v.value}” ({v.by})
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-settle-note`} className="label">
            Note for the audit log
          </label>
          <input id={`${id}-settle-note`} name="note" className="input" maxLength={500} />
        </ActionForm>
      )}
    </div>
  );
}

/** Report a photo to the admins (not a card, private data, abuse). */
export function ReportPhotoForm({ photoId }: { photoId: string }) {
  const id = useId();
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-600">Report this photo</summary>
      <ActionForm action={reportPhotoAction} hidden={{ photo: photoId }} submit="Report" className="mt-1 space-y-1">
        <label htmlFor={`${id}-reason`} className="label">
          What is wrong with it?
        </label>
        <input id={`${id}-reason`} name="reason" className="input" maxLength={500} />
      </ActionForm>
    </details>
  );
}
