import { describe, expect, it } from "vitest";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { DeckDTO } from "@/lib/decks/types";
import { checkEntries } from "@/lib/decks";
import { deckEditorReducer, draftDiffers, draftOf, initDeckEditor, parseDeckDraft, type DeckEditorState } from "./deck-editor-state";

function card(n: number, title = `Card ${n}`): CardDTO {
  const key = `DEMO-${String(n).padStart(3, "0")}`;
  return { id: `c${n}`, set: "DEMO", setName: "Demo", unofficial: true, number: n, key, title, traits: ["Animal"], colors: ["blue"], rings: 3, rarity: "common", text: "", effect: null, imageUrl: null };
}

function deck(version: number, entries: { card: CardDTO; quantity: number }[], over: Partial<DeckDTO> = {}): DeckDTO {
  const check = checkEntries(entries);
  return { id: "d1", name: "Deck", description: "", visibility: "private", shareSlug: "s", version, ownerName: "A", ownerId: "u1", isOwner: true, updatedAt: "", entries: entries.map((e) => ({ ...e, owned: 0 })), check, ...over };
}

const run = (s: DeckEditorState, ...msgs: Parameters<typeof deckEditorReducer>[1][]) => msgs.reduce(deckEditorReducer, s);

describe("deck editor state", () => {
  it("adds copies (new lines sorted by title), removes them, and counts edits", () => {
    const s = run(initDeckEditor(deck(1, [])), { t: "add", card: card(2, "Tails") }, { t: "add", card: card(1, "Amy") }, { t: "add", card: card(1, "Amy") }, { t: "remove", card: card(2, "Tails") });
    expect(s.entries.map((e) => [e.card.title, e.quantity])).toEqual([["Amy", 2]]);
    expect(s.dirty).toBe(true);
    expect(s.rev).toBe(4);
    expect(s.notice).toBe("Removed one Tails [DEMO-002].");
  });

  it("refuses a sixth copy of a title across printings, changing nothing but the notice", () => {
    let s = initDeckEditor(deck(1, [{ card: card(1, "Sonic"), quantity: 5 }]));
    const before = s.entries;
    s = deckEditorReducer(s, { t: "add", card: card(53, "Sonic") });
    expect(s.entries).toBe(before);
    expect(s.dirty).toBe(false);
    expect(s.notice).toMatch(/at most 5 per title/);
  });

  it("takes a newer server deck only while clean", () => {
    const clean = initDeckEditor(deck(1, []));
    const newer = deck(2, [{ card: card(1), quantity: 3 }], { name: "Renamed" });
    const s = deckEditorReducer(clean, { t: "server", deck: newer });
    expect([s.version, s.name, s.entries.length]).toEqual([2, "Renamed", 1]);
    const dirty = run(clean, { t: "name", value: "Mine" }, { t: "server", deck: newer });
    expect([dirty.version, dirty.name, dirty.entries.length]).toEqual([1, "Mine", 0]);
  });

  it("a save answered after further edits leaves them unsaved", () => {
    const edited = run(initDeckEditor(deck(1, [])), { t: "add", card: card(1) });
    const sentAt = edited.rev;
    const more = deckEditorReducer(edited, { t: "add", card: card(2) });
    const s = deckEditorReducer(more, { t: "saved", version: 2, rev: sentAt, text: "Saved as version 2." });
    expect([s.version, s.dirty]).toEqual([2, true]);
    expect(deckEditorReducer(edited, { t: "saved", version: 2, rev: sentAt, text: "ok" }).dirty).toBe(false);
  });

  it("keeps the conflict from a failed save until a save succeeds or the saved version is loaded", () => {
    const current = { version: 3, name: "Deck", description: "", cards: [], diff: [] };
    const s = run(initDeckEditor(deck(1, [])), { t: "add", card: card(1) }, { t: "save-failed", text: "changed", conflict: current });
    expect(s.conflict).toEqual(current);
    expect(s.saveMessage).toEqual({ text: "changed", ok: false });
    const loaded = deckEditorReducer(s, { t: "load-saved", deck: deck(3, []) });
    expect([loaded.conflict, loaded.dirty, loaded.version, loaded.entries.length]).toEqual([null, false, 3, 0]);
  });

  it("offers a draft to a clean editor; restoring it keeps its base version so a stale draft meets the conflict check", () => {
    const draft = { baseVersion: 1, name: "Draft", description: "notes", entries: [{ card: card(1), quantity: 2 }] };
    const s = run(initDeckEditor(deck(2, [])), { t: "offer-draft", draft, savedAt: 5 });
    expect(s.offeredDraft?.savedAt).toBe(5);
    const r = deckEditorReducer(s, { t: "restore-draft" });
    expect([r.name, r.description, r.version, r.dirty, r.offeredDraft]).toEqual(["Draft", "notes", 1, true, null]);
    expect(r.notice).toMatch(/made on version 1; the deck is now version 2/);
    expect(deckEditorReducer(s, { t: "discard-draft" }).entries).toEqual([]);
    // an editor with edits of its own is not offered one, and editing drops the offer
    expect(run(initDeckEditor(deck(2, [])), { t: "name", value: "x" }, { t: "offer-draft", draft, savedAt: 5 }).offeredDraft).toBeNull();
    expect(deckEditorReducer(s, { t: "add", card: card(3) }).offeredDraft).toBeNull();
  });

  it("a draft equal to the saved deck is no draft; stored drafts are checked before use", () => {
    const saved = deck(4, [{ card: card(1), quantity: 2 }], { description: "d" });
    const same = draftOf(initDeckEditor(saved));
    expect(draftDiffers(same, saved)).toBe(false);
    expect(draftDiffers({ ...same, entries: [{ card: card(1), quantity: 3 }] }, saved)).toBe(true);
    expect(draftDiffers({ ...same, description: "e" }, saved)).toBe(true);
    expect(parseDeckDraft(JSON.parse(JSON.stringify(same)))).toEqual(same);
    expect(parseDeckDraft({ ...same, entries: [{ card: card(1), quantity: 0 }] })).toBeNull();
    expect(parseDeckDraft({ ...same, entries: [{ card: { id: 1 }, quantity: 1 }] })).toBeNull();
    expect(parseDeckDraft("nope")).toBeNull();
  });
});
