"use client";

import { useActionState, useId } from "react";
import { createBinderAction, deleteBinderAction, moveCopiesAction, renameBinderAction } from "@/lib/collection/actions";
import { CONDITIONS, CONDITION_LABELS, formatPrice } from "@/lib/collection/copies";
import type { BinderDTO, CopyLotDTO } from "@/lib/collection/types";
import { FormMessage } from "@/components/ui/field";
import { ConfirmButton } from "@/components/ui/confirm-button";

/** Makes a named binder ("Trade binder", "Deck box A"). */
export function CreateBinderForm() {
  const id = useId();
  const [state, action, pending] = useActionState(createBinderAction, null);
  return (
    <form action={action} className="panel space-y-2" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="font-semibold">
        New binder
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-name`} className="label">
            Name
          </label>
          <input id={`${id}-name`} name="name" className="input" maxLength={40} placeholder="Trade binder" required />
        </div>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Making…" : "Make binder"}
        </button>
      </div>
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
    </form>
  );
}

/** Renames or deletes a named binder (its copies go back to Unsorted). */
export function BinderSettings({ binder }: { binder: BinderDTO & { id: string } }) {
  const id = useId();
  const [renamed, rename, renaming] = useActionState(renameBinderAction, null);
  const [deleted, remove] = useActionState(deleteBinderAction, null);
  return (
    <details className="panel text-sm">
      <summary className="cursor-pointer font-semibold">Rename or delete this binder</summary>
      <form action={rename} className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="binderId" value={binder.id} />
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-rename`} className="label">
            New name
          </label>
          <input id={`${id}-rename`} name="name" className="input" maxLength={40} defaultValue={binder.name} required />
        </div>
        <button type="submit" className="btn-secondary" disabled={renaming}>
          Rename
        </button>
      </form>
      <FormMessage message={renamed?.message} tone={renamed?.ok ? "success" : "error"} />
      <form action={remove} className="mt-3">
        <input type="hidden" name="binderId" value={binder.id} />
        <ConfirmButton
          label="Delete binder"
          question={`Delete "${binder.name}"? Its ${binder.copies} copies stay in your collection, in Unsorted, with their details.`}
          confirmLabel="Yes, delete the binder"
          submit
        />
      </form>
      <FormMessage message={deleted?.ok === false ? deleted.message : undefined} />
    </details>
  );
}

/**
 * One line of a binder: move some of its copies to another binder, or give
 * some of them details (condition, language, printing, price, date, note).
 * Both are one action that keeps the card's total.
 */
export function CopyActions({ lot, binders, here }: { lot: CopyLotDTO; binders: BinderDTO[]; here: string | null }) {
  const id = useId();
  const [moved, move, moving] = useActionState(moveCopiesAction, null);
  const [edited, edit, editing] = useActionState(moveCopiesAction, null);
  const targets = binders.filter((b) => b.id !== here);
  const label = `${lot.title} ${lot.key}`;
  const d = lot.details;
  return (
    <div className="space-y-1">
      <form action={move} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="cardId" value={lot.cardId} />
        {lot.lotId && <input type="hidden" name="lotId" value={lot.lotId} />}
        <label className="sr-only" htmlFor={`${id}-n`}>
          Copies of {label} to move
        </label>
        <input id={`${id}-n`} name="quantity" type="number" min={1} max={lot.quantity} defaultValue={1} className="input w-20" />
        <label className="sr-only" htmlFor={`${id}-to`}>
          Move {label} to
        </label>
        <select id={`${id}-to`} name="toBinderId" className="input w-auto" defaultValue={targets[0]?.id ?? ""} disabled={targets.length === 0}>
          {targets.map((b) => (
            <option key={b.id ?? ""} value={b.id ?? ""}>
              {b.name}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-secondary" disabled={moving || targets.length === 0} aria-label={`Move copies of ${label}`}>
          Move
        </button>
      </form>
      <FormMessage message={moved?.message} tone={moved?.ok ? "success" : "error"} />
      <details>
        <summary className="cursor-pointer text-xs font-semibold text-blue-700">Details of {lot.quantity === 1 ? "this copy" : "these copies"}</summary>
        <form action={edit} className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          <input type="hidden" name="cardId" value={lot.cardId} />
          {lot.lotId && <input type="hidden" name="lotId" value={lot.lotId} />}
          <input type="hidden" name="toBinderId" value={here ?? ""} />
          <input type="hidden" name="edit" value="1" />
          <div>
            <label htmlFor={`${id}-q`} className="label">
              Copies
            </label>
            <input id={`${id}-q`} name="quantity" type="number" min={1} max={lot.quantity} defaultValue={lot.quantity} className="input" />
          </div>
          <div>
            <label htmlFor={`${id}-c`} className="label">
              Condition
            </label>
            <select id={`${id}-c`} name="condition" className="input" defaultValue={d.condition}>
              <option value="">Not recorded</option>
              {CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {c}: {CONDITION_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
          <DetailField id={`${id}-l`} name="language" label="Language" value={d.language} max={24} placeholder="English" />
          <DetailField id={`${id}-p`} name="printing" label="Printing" value={d.printing} max={40} placeholder="Foil" />
          <DetailField id={`${id}-pr`} name="price" label="Price paid (each)" value={formatPrice(d.priceCents)} max={20} placeholder="0.25" inputMode="decimal" />
          <DetailField id={`${id}-d`} name="date" label="Bought on" value={d.purchasedOn} max={10} type="date" />
          <div className="col-span-2 sm:col-span-3">
            <DetailField id={`${id}-no`} name="note" label="Note" value={d.note} max={200} />
          </div>
          <div className="col-span-2 sm:col-span-3">
            <button type="submit" className="btn-secondary" disabled={editing}>
              Save details
            </button>
          </div>
        </form>
        <FormMessage message={edited?.message} tone={edited?.ok ? "success" : "error"} />
      </details>
    </div>
  );
}

function DetailField({ id, name, label, value, max, ...rest }: { id: string; name: string; label: string; value: string; max: number } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "value" | "maxLength">) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} name={name} defaultValue={value} maxLength={max} className="input" {...rest} />
    </div>
  );
}
