"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { DeckDTO, DeckVersionDTO } from "@/lib/decks/types";
import type { CardDTO } from "@/lib/catalog/card-types";
import { COLORS } from "@/lib/catalog/colors";
import { canAddCopy, checkEntries, MAX_COPIES_PER_TITLE, encodeDeckCode, formatDeckDiff, formatDeckText } from "@/lib/decks";
import { EditorSearchPanel, CARD_DRAG_TYPE } from "@/components/decks/editor-search-panel";
import { LegalityBadge } from "@/components/decks/legality-badge";
import { DeckStats } from "@/components/decks/deck-stats";
import { NearScreen } from "@/components/ui/near-screen";
import { DeckExport } from "@/components/decks/deck-export";
import { LazyMarkdown as Markdown } from "@/components/decks/lazy-markdown";
import { VersionHistory } from "@/components/decks/version-history";
import { SharePanel } from "@/components/decks/share-panel";
import { ImportPanel } from "@/components/decks/import-panel";
import { DraftOffer } from "@/components/ui/draft-offer";
import type { Entry } from "./deck-editor-state";
import { AUTOSAVE_DELAY_MS, useDeckEditor } from "./use-deck-editor";
import { ringsText } from "@/lib/catalog/rings";
import { useOwnedCounts } from "./use-owned-counts";
import type { DeckCopiesDTO } from "@/lib/collection/types";
import { CopyStateMark, DeckCopiesPanel } from "@/components/collection/deck-copies";
import { DeckWantsButton } from "@/components/trades/trade-actions";

type GroupBy = "none" | "color" | "rings" | "trait";

function groupEntries(entries: Entry[], by: GroupBy): { label: string; entries: Entry[] }[] {
  if (by === "none") return [{ label: "", entries }];
  const groups = new Map<string, Entry[]>();
  const push = (k: string, e: Entry) => groups.set(k, [...(groups.get(k) ?? []), e]);
  for (const e of entries) {
    if (by === "color") push(e.card.colors.length > 1 ? "multi-color" : e.card.colors[0], e);
    else if (by === "rings") push(ringsText(e.card.rings), e);
    else for (const t of e.card.traits) push(t, e);
  }
  const order = (k: string) => (by === "color" ? (k === "multi-color" ? 9 : COLORS.indexOf(k as (typeof COLORS)[number])) : by === "rings" ? parseInt(k, 10) : 0);
  return [...groups.entries()].sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0])).map(([label, list]) => ({ label, entries: list }));
}

/**
 * The deck editor: catalog search beside the deck, live legality, owned/missing, stats, versions, sharing, import/export.
 * `owned` holds the user's copies of the deck's cards only; search results bring theirs.
 */
export function DeckEditor({
  deck,
  owned: ownedOfDeck,
  copies,
  versions,
  facets,
}: {
  deck: DeckDTO;
  owned: Record<string, number>;
  /** the owner's copies this deck and their other decks hold (null: not known, the plain owned/missing marks) */
  copies?: DeckCopiesDTO | null;
  versions: DeckVersionDTO[];
  facets: { traits: string[]; sets: string[] };
}) {
  const router = useRouter();
  const { state, dispatch, save, saving, autosave, setAutosave, loadSaved, discardDraft } = useDeckEditor(deck);
  const { entries, name, description, version, dirty, notice, saveMessage, conflict, offeredDraft } = state;
  const [groupBy, setGroupBy] = useState<GroupBy>("none");
  const [previewDesc, setPreviewDesc] = useState(false);
  const [dropActive, setDropActive] = useState(false);
  const searchCards = useRef(new Map<string, CardDTO>());

  const { owned, learn } = useOwnedCounts(ownedOfDeck, entries.map((e) => e.card.id));
  const check = useMemo(() => checkEntries(entries), [entries]);
  const inDeck = useMemo(() => Object.fromEntries(entries.map((e) => [e.card.id, e.quantity])), [entries]);
  const add = useCallback((card: CardDTO) => dispatch({ t: "add", card }), [dispatch]);
  const remove = (card: CardDTO) => dispatch({ t: "remove", card });
  const setNotice = (text: string) => dispatch({ t: "notice", text });

  const missing = entries.filter((e) => e.quantity > (owned[e.card.id] ?? 0)).map((e) => ({ ...e, missing: e.quantity - (owned[e.card.id] ?? 0) }));
  const missingText = missing.map((m) => `${m.missing} ${m.card.title} [${m.card.key}]`).join("\n");
  // the JSON and .cod files are built on download (./deck-export), not on every render
  const exportCards = useMemo(() => entries.map((e) => ({ title: e.card.title, key: e.card.key, set: e.card.set, number: e.card.number, quantity: e.quantity })), [entries]);
  const exportText = formatDeckText(exportCards, name);
  let code: string | null = null;
  try {
    code = entries.length ? encodeDeckCode(entries.map((e) => ({ set: e.card.set, number: e.card.number, quantity: e.quantity }))) : null;
  } catch {
    code = null;
  }
  const statsCards = useMemo(() => entries.map((e) => ({ cardId: e.card.id, key: e.card.key, title: e.card.title, quantity: e.quantity, colors: e.card.colors, rings: e.card.rings, traits: e.card.traits })), [entries]);
  const savedLegal = deck.check.legal;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-64 flex-1 space-y-2">
          {/* the page's heading (focus lands here after a page change); the name itself is the field below */}
          <h1 className="sr-only">Edit deck {deck.name}</h1>
          <label htmlFor="deck-name" className="label">
            Deck name
          </label>
          <input
            id="deck-name"
            className="input max-w-md text-lg font-bold"
            value={name}
            maxLength={100}
            onChange={(e) => dispatch({ t: "name", value: e.target.value })}
          />
          <LegalityBadge check={check} />
        </div>
        <div className="flex flex-col items-end gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={autosave} onChange={(e) => setAutosave(e.target.checked)} /> Autosave
            </label>
            <button type="button" className="btn-primary" onClick={() => save()} disabled={saving || !dirty || !name.trim()}>
              {saving ? "Saving…" : dirty ? "Save" : "Saved"}
            </button>
            {!dirty && check.total > 0 ? (
              <Link className="btn-secondary" href={`/playtest?deck=${encodeURIComponent(deck.id)}`} title={check.legal ? undefined : `Not legal (${check.summary}): plays in practice mode`}>
                {check.legal ? "Playtest" : "Practice"}
              </Link>
            ) : (
              <span className="btn-secondary cursor-not-allowed opacity-60" aria-disabled="true" title={dirty ? "Save first" : "Add cards first"}>
                Playtest
              </span>
            )}
            <Link className="btn-secondary" href={`/lab/complete?deck=${encodeURIComponent(`deck:${deck.id}`)}`}>
              Complete from my collection
            </Link>
          </div>
          <p className="max-w-md text-right text-xs text-slate-600" data-testid="save-status">
            Version {version}
            {dirty ? " · unsaved changes, kept on this device until saved" : " · all changes saved"}
            <br />
            {autosave ? `Autosave on: each change is saved as a new version ${AUTOSAVE_DELAY_MS / 1000} s after your last edit.` : "Autosave off: changes become a new version when you press Save."}
          </p>
          <div aria-live="polite" className="max-w-md text-right text-sm" data-testid="save-message">
            {saveMessage && <p className={saveMessage.ok ? "text-green-800" : "text-red-800"}>{saveMessage.text}</p>}
          </div>
        </div>
      </div>

      {offeredDraft && (
        <DraftOffer
          savedAt={offeredDraft.savedAt}
          detail={
            <>
              {offeredDraft.draft.entries.reduce((n, e) => n + e.quantity, 0)} cards, named “{offeredDraft.draft.name}”
              {offeredDraft.draft.baseVersion !== version ? `, made on version ${offeredDraft.draft.baseVersion} (the deck is now version ${version})` : ""}.
            </>
          }
          onRestore={() => dispatch({ t: "restore-draft" })}
          onDiscard={discardDraft}
        />
      )}

      {conflict && (
        <section role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-4" data-testid="conflict">
          <h2 className="font-semibold text-amber-900">This deck changed elsewhere (now version {conflict.version})</h2>
          <p className="text-sm text-amber-900">Compared with your list, the saved version has: {formatDeckDiff(conflict.diff)}.</p>
          {(conflict.name !== name || conflict.description !== description) && <p className="text-sm text-amber-900">Its name or description differs too (saved name: “{conflict.name}”).</p>}
          <div className="mt-2 flex gap-2">
            <button type="button" className="btn-secondary" onClick={loadSaved}>
              Load the saved version
            </button>
            <button type="button" className="btn-primary" onClick={() => save(conflict.version)}>
              Keep mine and save over it
            </button>
          </div>
        </section>
      )}

      <div className="grid gap-5 lg:grid-cols-2">
        <EditorSearchPanel
          facets={facets}
          owned={owned}
          onOwned={learn}
          inDeck={inDeck}
          onAdd={(c) => {
            searchCards.current.set(c.id, c);
            add(c);
          }}
          onDragCard={(c) => searchCards.current.set(c.id, c)}
        />
        <section
          aria-labelledby="deck-list-h"
          className={`panel space-y-3 ${dropActive ? "ring-4 ring-amber-400" : ""}`}
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes(CARD_DRAG_TYPE)) {
              e.preventDefault();
              e.dataTransfer.dropEffect = "copy";
              setDropActive(true);
            }
          }}
          onDragLeave={() => setDropActive(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDropActive(false);
            const cardId = e.dataTransfer.getData(CARD_DRAG_TYPE);
            const card = searchCards.current.get(cardId) ?? entries.find((x) => x.card.id === cardId)?.card;
            if (card) add(card);
          }}
          data-testid="deck-drop-zone"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="deck-list-h" className="font-semibold">
              Deck <span className="font-normal text-slate-600">
                ({check.total} {check.total === 1 ? "card" : "cards"})
              </span>
            </h2>
            <label className="flex items-center gap-2 text-sm">
              Group by
              <select className="input w-auto py-1" value={groupBy} onChange={(e) => setGroupBy(e.target.value as GroupBy)}>
                <option value="none">Title</option>
                <option value="color">Color</option>
                <option value="rings">Rings</option>
                <option value="trait">Trait</option>
              </select>
            </label>
          </div>
          <p aria-live="polite" className="min-h-5 text-sm text-slate-700" data-testid="editor-notice">
            {notice}
          </p>
          {entries.length === 0 ? (
            <p className="rounded border-2 border-dashed border-slate-300 p-6 text-center text-slate-600">No cards yet. Search on the left and click, press Enter or drag cards here.</p>
          ) : (
            groupEntries(entries, groupBy).map((g) => (
              <div key={g.label || "all"}>
                {g.label && (
                  <h3 className="mt-2 text-sm font-semibold capitalize text-slate-700">
                    {g.label} <span className="font-normal">({g.entries.reduce((n, e) => n + e.quantity, 0)})</span>
                  </h3>
                )}
                <ul className="divide-y divide-slate-100" aria-label={g.label ? `${g.label} cards` : "Cards in the deck"}>
                  {g.entries.map((e) => {
                    const have = owned[e.card.id] ?? 0;
                    const canAdd = canAddCopy(check, e.card);
                    return (
                      <li key={e.card.id} className="de-row" data-testid="deck-entry" data-card-zoom={e.card.key}>
                        <span className="de-rings" title="rings">
                          {e.card.rings}
                        </span>
                        <span className="de-name">
                          <span className="font-medium">{e.card.title}</span> <span className="de-meta">{e.card.key}</span>{" "}
                          <span className="de-meta capitalize">{`· ${e.card.colors.join("/")}`}</span>
                        </span>
                        {copies ? (
                          <CopyStateMark need={e.quantity} owned={have} elsewhere={copies.elsewhere[e.card.id]} />
                        ) : (
                          <span className={`text-xs ${have >= e.quantity ? "text-green-700" : "text-red-700"}`}>{have >= e.quantity ? `own ${have}` : `missing ${e.quantity - have}`}</span>
                        )}
                        <button type="button" className="de-btn" onClick={() => remove(e.card)} aria-label={`Remove one ${e.card.title} ${e.card.key}`}>
                          −
                        </button>
                        <span className="de-qty" data-testid="entry-quantity">
                          {e.quantity}
                        </span>
                        <button
                          type="button"
                          className="de-btn"
                          onClick={() => add(e.card)}
                          aria-label={`Add one ${e.card.title} ${e.card.key}`}
                          aria-disabled={canAdd.ok ? undefined : true}
                          title={canAdd.ok ? undefined : `At most ${MAX_COPIES_PER_TITLE} copies per title`}
                        >
                          +
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))
          )}
          {copies && entries.length > 0 && <DeckCopiesPanel deckId={deck.id} copies={copies} dirty={dirty} />}
          {missing.length > 0 && (
            <details className="rounded border border-slate-200 p-2 text-sm">
              <summary className="cursor-pointer font-medium">Missing cards ({missing.reduce((n, m) => n + m.missing, 0)})</summary>
              <label htmlFor="missing-list" className="label mt-2">
                Cards you still need (copy this list)
              </label>
              <textarea id="missing-list" readOnly className="input font-mono text-xs" rows={Math.min(10, missing.length + 1)} value={missingText} />
              <button type="button" className="btn-secondary mt-1" onClick={() => navigator.clipboard.writeText(missingText).then(() => setNotice("Missing list copied."), () => setNotice("Select the list and copy it by hand."))}>
                Copy missing list
              </button>
              <DeckWantsButton source={`deck:${deck.id}`} />
            </details>
          )}
        </section>
      </div>

      <section className="panel space-y-2" aria-labelledby="desc-h">
        <div className="flex items-center justify-between">
          <h2 id="desc-h" className="font-semibold">
            Description
          </h2>
          <button type="button" className="btn-secondary py-1" onClick={() => setPreviewDesc((p) => !p)} aria-pressed={previewDesc}>
            {previewDesc ? "Edit" : "Preview"}
          </button>
        </div>
        {previewDesc ? (
          description ? <Markdown text={description} /> : <p className="text-sm text-slate-500">No description.</p>
        ) : (
          <>
            <label htmlFor="deck-description" className="sr-only">
              Description (markdown)
            </label>
            <textarea
              id="deck-description"
              className="input"
              rows={4}
              maxLength={5000}
              value={description}
              placeholder="Strategy notes (markdown: **bold**, lists, links)"
              onChange={(e) => dispatch({ t: "description", value: e.target.value })}
            />
          </>
        )}
      </section>

      <div className="grid gap-5 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-5">
          <h2 className="text-lg font-bold">Stats</h2>
          {/* below the fold: rendered when scrolled near, not by the server on every view nor during hydration */}
          <NearScreen placeholder={<p className="panel min-h-40 text-sm text-slate-600">The ring curve, colours, traits and draw odds show as you scroll here.</p>}>
            <DeckStats cards={statsCards} />
          </NearScreen>
        </div>
        <div className="space-y-5">
          <SharePanel deckId={deck.id} slug={deck.shareSlug} visibility={deck.visibility} savedLegal={savedLegal} />
          <VersionHistory deckId={deck.id} versions={versions} currentVersion={version} visibility={deck.visibility} disabled={dirty} onRestored={() => router.refresh()} />
          <DeckExport name={name} description={description} text={exportText} cards={exportCards} codeUrl={code ? `/d/code/${code}` : null} />
          <ImportPanel target={{ mode: "replace", deckId: deck.id, expectedVersion: version }} />
        </div>
      </div>
    </div>
  );
}
