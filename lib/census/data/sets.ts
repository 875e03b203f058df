import "server-only";
import { db } from "@/lib/server/db/db";
import type { Actor } from "@/lib/server/actor";
import type { ChecklistEntry, SetPageDTO, SetSummaryDTO } from "@/lib/census/types";

/** A checklist lists every number up to the highest known one, but never more than this many (higher known numbers are still listed). */
export const MAX_CHECKLIST = 1000;

type SetFacts = { code: string; name: string; unofficial: boolean; catalog: Map<number, string>; submitted: Map<number, { id: string; title: string }>; owned: Set<number> | null };

async function factsOf(actor: Actor | null, code?: string): Promise<SetFacts[]> {
  const [sets, subs, owned] = await Promise.all([
    db.cardSet.findMany({ where: code ? { code } : {}, select: { code: true, name: true, unofficial: true, cards: { select: { number: true, title: true } } }, orderBy: { code: "asc" } }),
    db.censusSubmission.findMany({ where: { status: "open", ...(code ? { setCode: code } : {}) }, select: { id: true, setCode: true, number: true, fields: { where: { name: "title" }, select: { value: true } } }, take: 50_000 }),
    actor ? db.collectionEntry.findMany({ where: { userId: actor.id, quantity: { gt: 0 }, ...(code ? { card: { set: { code } } } : {}) }, select: { card: { select: { number: true, set: { select: { code: true } } } } }, take: 50_000 }) : Promise.resolve(null),
  ]);
  const byCode = new Map<string, SetFacts>();
  for (const s of sets) byCode.set(s.code, { code: s.code, name: s.name, unofficial: s.unofficial, catalog: new Map(s.cards.map((c) => [c.number, c.title])), submitted: new Map(), owned: actor ? new Set() : null });
  for (const s of subs) {
    const f = byCode.get(s.setCode) ?? { code: s.setCode, name: s.setCode, unofficial: false, catalog: new Map(), submitted: new Map(), owned: actor ? new Set<number>() : null };
    byCode.set(s.setCode, f);
    if (!f.catalog.has(s.number)) f.submitted.set(s.number, { id: s.id, title: s.fields[0] ? String(JSON.parse(s.fields[0].value)) : "" });
  }
  for (const o of owned ?? []) byCode.get(o.card.set.code)?.owned?.add(o.card.number);
  return [...byCode.values()].sort((a, b) => Number(a.unofficial) - Number(b.unofficial) || a.code.localeCompare(b.code));
}

function summary(f: SetFacts): SetSummaryDTO {
  const highest = Math.max(0, ...f.catalog.keys(), ...f.submitted.keys());
  return { code: f.code, name: f.name, unofficial: f.unofficial, verified: f.catalog.size, submitted: f.submitted.size, highest, owned: f.owned ? f.owned.size : null };
}

/** Every set (catalog sets and sets only the census knows yet) with its completeness, and the viewer's own progress when signed in. */
export async function listSets(actor: Actor | null): Promise<SetSummaryDTO[]> {
  return (await factsOf(actor)).map(summary);
}

/**
 * One set's checklist by number: verified (in the catalog), submitted (an open
 * census submission) or unknown, with the viewer's owned printings marked.
 * Null for a set nobody knows.
 */
export async function getSetPage(actor: Actor | null, code: string): Promise<SetPageDTO | null> {
  const set = code.trim().toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9-]{1,11}$/.test(set)) return null;
  const [f] = await factsOf(actor, set);
  if (!f) return null;
  const s = summary(f);
  const numbers = new Set<number>([...f.catalog.keys(), ...f.submitted.keys()]);
  for (let n = 1; n <= Math.min(s.highest, MAX_CHECKLIST); n++) numbers.add(n);
  const entries: ChecklistEntry[] = [...numbers]
    .sort((a, b) => a - b)
    .map((n) => {
      const title = f.catalog.get(n);
      const sub = f.submitted.get(n);
      if (title !== undefined) return { number: n, state: "verified", title, href: `/cards/${encodeURIComponent(f.code)}/${n}`, owned: !!f.owned?.has(n) };
      if (sub) return { number: n, state: "submitted", title: sub.title, href: `/census/${sub.id}`, owned: false };
      return { number: n, state: "unknown", title: null, href: null, owned: false };
    });
  return { ...s, entries };
}
