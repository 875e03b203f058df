"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { saveDeckAction, type DeckActionFailure } from "@/lib/actions/decks";
import type { DeckDTO, DeckVersionDTO } from "@/lib/deck/types";
import type { CardDTO } from "@/lib/cards/types";
import { COLORS } from "@/lib/cards/colors";
import { canAddCopy, checkDeck, encodeDeckCode, formatDeckDiff, formatDeckJson, formatDeckText } from "@/lib/deck";
import { EditorSearchPanel, CARD_DRAG_TYPE } from "@/components/deck/editor-search-panel";
import { LegalityBadge } from "@/components/deck/legality-badge";
import { DeckStats } from "@/components/deck/deck-stats";
import { DeckExport } from "@/components/deck/deck-export";
import { Markdown } from "@/components/deck/markdown";
import { VersionHistory } from "@/components/deck/version-history";
import { SharePanel } from "@/components/deck/share-panel";
import { ImportPanel } from "@/components/deck/import-panel";

type Entry = { card: CardDTO; quantity: number };
type GroupBy = "none" | "color" | "rings" | "trait";

function fromDeck(deck: DeckDTO): Entry[] {
  return deck.entries.map((e) => ({ card: e.card, quantity: e.quantity }));
}

function groupEntries(entries: Entry[], by: GroupBy): { label: string; entries: Entry[] }[] {
  if (by === "none") return [{ label: "", entries }];
  const groups = new Map<string, Entry[]>();
  const push = (k: string, e: Entry) => groups.set(k, [...(groups.get(k) ?? []), e]);
  for (const e of entries) {
    if (by === "color") push(e.card.colors.length > 1 ? "multi-color" : e.card.colors[0], e);
    else if (by === "rings") push(`${e.card.rings} rings`, e);
    else for (const t of e.card.traits) push(t, e);
  }
  const order = (k: string) => (by === "color" ? (k === "multi-color" ? 9 : COLORS.indexOf(k as (typeof COLORS)[number])) : by === "rings" ? parseInt(k, 10) : 0);
  return [...groups.entries()].sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0])).map(([label, list]) => ({ label, entries: list }));
}

/** The deck editor: catalog search beside the deck, live legality, owned/missing, stats, versions, sharing, import/export. */
export function DeckEditor({ deck, owned, versions, facets }: { deck: DeckDTO; owned: Record<string, number>; versions: DeckVersionDTO[]; facets: { traits: string[]; sets: string[] } }) {
  const router = useRouter();
  const [entries, setEntries] = useState<Entry[]>(() => fromDeck(deck));
  const [name, setName] = useState(deck.name);
  const [description, setDescription] = useState(deck.description);
  const [version, setVersion] = useState(deck.version);
  const [syncedVersion, setSyncedVersion] = useState(deck.version);
  const [dirty, setDirty] = useState(false);
  const [notice, setNotice] = useState("");
  const [saveMessage, setSaveMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [conflict, setConflict] = useState<NonNullable<DeckActionFailure["current"]> | null>(null);
  const [groupBy, setGroupBy] = useState<GroupBy>("none");
  const [autosave, setAutosave] = useState(false);
  const [previewDesc, setPreviewDesc] = useState(false);
  const [dropActive, setDropActive] = useState(false);
  const [saving, startSave] = useTransition();
  const searchCards = useRef(new Map<string, CardDTO>());

  // A newer deck from the server (after a save, restore, import or "load the saved version") replaces a clean editor.
  if (deck.version !== syncedVersion && !dirty) {
    setSyncedVersion(deck.version);
    setEntries(fromDeck(deck));
    setName(deck.name);
    setDescription(deck.description);
    setVersion(deck.version);
  }

  const ruleCards = useMemo(() => entries.map((e) => ({ cardId: e.card.id, key: e.card.key, title: e.card.title, quantity: e.quantity })), [entries]);
  const check = useMemo(() => checkDeck(ruleCards), [ruleCards]);
  const inDeck = useMemo(() => Object.fromEntries(entries.map((e) => [e.card.id, e.quantity])), [entries]);

  const add = useCallback(
    (card: CardDTO) => {
      const can = canAddCopy(ruleCards, card.title);
      if (!can.ok) {
        setNotice(can.message);
        return;
      }
      setNotice(`Added ${card.title} [${card.key}].`);
      setDirty(true);
      setEntries((prev) => {
        const i = prev.findIndex((e) => e.card.id === card.id);
        if (i < 0) return [...prev, { card, quantity: 1 }].sort((a, b) => a.card.title.localeCompare(b.card.title) || a.card.key.localeCompare(b.card.key));
        return prev.map((e, j) => (j === i ? { ...e, quantity: e.quantity + 1 } : e));
      });
    },
    [ruleCards],
  );
  const remove = (card: CardDTO) => {
    setDirty(true);
    setNotice(`Removed one ${card.title} [${card.key}].`);
    setEntries((prev) => prev.flatMap((e) => (e.card.id !== card.id ? [e] : e.quantity > 1 ? [{ ...e, quantity: e.quantity - 1 }] : [])));
  };

  const save = useCallback(
    (overVersion?: number) =>
      startSave(async () => {
        const expected = overVersion ?? version;
        const r = await saveDeckAction({ deckId: deck.id, expectedVersion: expected, name, description, cards: entries.map((e) => ({ cardId: e.card.id, quantity: e.quantity })) });
        if (r.ok) {
          setConflict(null);
          setVersion(r.data.version);
          setSyncedVersion(r.data.version);
          setDirty(false);
          setSaveMessage({ text: `${r.message} ${r.data.check.legal ? "Legal." : "Saved as a draft: not legal yet."}`, ok: true });
          router.refresh();
        } else if (r.code === "deck/conflict" && r.current) {
          setConflict(r.current);
          setSaveMessage({ text: r.message, ok: false });
        } else {
          setSaveMessage({ text: r.message, ok: false });
        }
      }),
    [deck.id, version, name, description, entries, router],
  );

  useEffect(() => {
    if (!autosave || !dirty || conflict) return;
    const t = setTimeout(() => save(), 1500);
    return () => clearTimeout(t);
  }, [autosave, dirty, conflict, save]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const loadSaved = () => {
    setConflict(null);
    setDirty(false);
    setSaveMessage({ text: "Loaded the saved version.", ok: true });
    setSyncedVersion(-1);
    router.refresh();
  };

  const missing = entries.filter((e) => e.quantity > (owned[e.card.id] ?? 0)).map((e) => ({ ...e, missing: e.quantity - (owned[e.card.id] ?? 0) }));
  const missingText = missing.map((m) => `${m.missing} ${m.card.title} [${m.card.key}]`).join("\n");
  const exportText = formatDeckText(entries.map((e) => ({ key: e.card.key, title: e.card.title, quantity: e.quantity })), name);
  const exportJson = formatDeckJson({ name, description, cards: entries.map((e) => ({ set: e.card.set, number: e.card.number, title: e.card.title, quantity: e.quantity })) });
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
          <label htmlFor="deck-name" className="label">
            Deck name
          </label>
          <input
            id="deck-name"
            className="input max-w-md text-lg font-bold"
            value={name}
            maxLength={100}
            onChange={(e) => {
              setName(e.target.value);
              setDirty(true);
            }}
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
            {check.legal && !dirty ? (
              <Link className="btn-secondary" href={`/playtest?deck=${encodeURIComponent(deck.id)}`}>
                Playtest
              </Link>
            ) : (
              <span className="btn-secondary cursor-not-allowed opacity-60" aria-disabled="true" title={dirty ? "Save first" : "Only legal decks can be playtested"}>
                Playtest
              </span>
            )}
          </div>
          <p className="text-xs text-slate-600">
            Version {version}
            {dirty ? " · unsaved changes" : ""}
          </p>
          <div aria-live="polite" className="max-w-md text-right text-sm" data-testid="save-message">
            {saveMessage && <p className={saveMessage.ok ? "text-green-800" : "text-red-800"}>{saveMessage.text}</p>}
          </div>
        </div>
      </div>

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
                    const titleCopies = check.copiesByTitle[e.card.title.trim().replace(/\s+/g, " ").toLowerCase()] ?? e.quantity;
                    return (
                      <li key={e.card.id} className="flex items-center gap-2 py-1.5 text-sm" data-testid="deck-entry" data-card-key={e.card.key} data-card-zoom={e.card.key}>
                        <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full border-2 border-amber-400 bg-amber-50 text-xs font-bold text-amber-800" title="rings">
                          {e.card.rings}
                        </span>
                        <span className="min-w-0 flex-1 break-words">
                          <span className="font-medium">{e.card.title}</span> <span className="whitespace-nowrap text-slate-500">{e.card.key}</span>{" "}
                          <span className="whitespace-nowrap capitalize text-slate-500">· {e.card.colors.join("/")}</span>
                        </span>
                        <span className={`text-xs ${have >= e.quantity ? "text-green-700" : "text-red-700"}`}>{have >= e.quantity ? `own ${have}` : `missing ${e.quantity - have}`}</span>
                        <button type="button" className="btn-secondary h-10 w-10 shrink-0 p-0 md:h-7 md:w-7" onClick={() => remove(e.card)} aria-label={`Remove one ${e.card.title} ${e.card.key}`}>
                          −
                        </button>
                        <span className="w-6 shrink-0 text-center font-bold" data-testid="entry-quantity">
                          {e.quantity}
                        </span>
                        <button
                          type="button"
                          className="btn-secondary h-10 w-10 shrink-0 p-0 md:h-7 md:w-7"
                          onClick={() => add(e.card)}
                          aria-label={`Add one ${e.card.title} ${e.card.key}`}
                          aria-disabled={titleCopies >= 5 ? true : undefined}
                          title={titleCopies >= 5 ? "At most 5 copies per title" : undefined}
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
              onChange={(e) => {
                setDescription(e.target.value);
                setDirty(true);
              }}
            />
          </>
        )}
      </section>

      <div className="grid gap-5 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-5">
          <h2 className="text-lg font-bold">Stats</h2>
          <DeckStats cards={statsCards} />
        </div>
        <div className="space-y-5">
          <SharePanel deckId={deck.id} slug={deck.shareSlug} visibility={deck.visibility} savedLegal={savedLegal} />
          <VersionHistory deckId={deck.id} versions={versions} currentVersion={version} disabled={dirty} onRestored={() => router.refresh()} />
          <DeckExport name={name} text={exportText} json={exportJson} codeUrl={code ? `/d/code/${code}` : null} />
          <ImportPanel target={{ mode: "replace", deckId: deck.id, expectedVersion: version }} />
        </div>
      </div>
    </div>
  );
}
