import { describe, expect, it, vi } from "vitest";
import type { ReactElement, ReactNode } from "react";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { DeckDTO } from "@/lib/decks/types";

/** A user who owns many cards: the page must send only the deck's counts. */
const card = (n: number): CardDTO => ({ id: `c${n}`, set: "DEMO", setName: "Demo", unofficial: true, number: n, key: `DEMO-${n}`, title: `Card ${n}`, traits: [], colors: ["blue"], rings: 1, rarity: "common", text: "", effect: null, imageUrl: null });
const DECK: DeckDTO = {
  id: "d1",
  name: "Speed",
  description: "",
  visibility: "private",
  shareSlug: "s",
  version: 1,
  ownerName: "Ann",
  ownerId: "u1",
  isOwner: true,
  updatedAt: "2026-12-01T00:00:00Z",
  entries: [
    { card: card(1), quantity: 3, owned: 2 },
    { card: card(2), quantity: 1, owned: 0 },
  ],
  check: { legal: false, total: 4, summary: "", problems: [] } as unknown as DeckDTO["check"],
};
const WHOLE_COLLECTION = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`c${i + 1}`, 4]));

vi.mock("@/lib/decks/data", () => ({
  getDeckForOwner: async () => DECK,
  listDeckVersions: async () => [],
  getMyOwnedCounts: async () => WHOLE_COLLECTION,
  getMyOwnedCountsFor: async (ids: string[]) => Object.fromEntries(ids.map((id) => [id, WHOLE_COLLECTION[id] ?? 0])),
}));
vi.mock("@/lib/server/request-actor", () => ({ requireUserOrRedirect: async () => ({ id: "u1" }) }));
vi.mock("@/lib/catalog/data/public-pages", () => ({ cachedCatalogFacets: async () => ({ traits: [], sets: [] }) }));
vi.mock("@/lib/lab/data", () => ({ listLabRuns: async () => [] }));
vi.mock("@/lib/collection/data", () => ({ deckCopies: async () => ({ reserved: {}, elsewhere: {} }) }));
vi.mock("@/components/lab/lab-history", () => ({ LabHistory: () => null }));
const editor = vi.hoisted(() => ({ DeckEditor: (_props: { owned: Record<string, number> }) => null }));
vi.mock("@/components/decks/deck-editor", () => editor);
vi.mock("next/navigation", () => ({ notFound: () => { throw new Error("NEXT_NOT_FOUND"); } }));

const { default: DeckEditorPage } = await import("./page");

function findEditorProps(node: ReactNode): { owned: Record<string, number> } | null {
  if (!node || typeof node !== "object") return null;
  if (Array.isArray(node)) return node.map(findEditorProps).find(Boolean) ?? null;
  const el = node as ReactElement<{ children?: ReactNode; owned?: Record<string, number> }>;
  if (el.type === editor.DeckEditor) return el.props as { owned: Record<string, number> };
  return findEditorProps(el.props?.children);
}

describe("the deck editor page", () => {
  it("sends the owned counts of the deck's cards and of no other card", async () => {
    const tree = await DeckEditorPage({ params: Promise.resolve({ id: "d1" }) });
    const props = findEditorProps(tree);
    expect(props).not.toBeNull();
    expect(props!.owned).toEqual({ c1: 2, c2: 0 });
  });
});
