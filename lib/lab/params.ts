/**
 * The lab's URL: which decks meet, played by which AI levels, with which seed
 * and stopping rule, and (in a shared link) how many games each matchup ran.
 * Pure parsing with clear errors; the page resolves the decks through their data access.
 */
import { LAB_AGENTS, type LabAgent } from "./matchup";

/** Where a lab deck comes from. */
export type LabSource = { kind: "starter"; slug: string } | { kind: "deck"; id: string } | { kind: "slug"; slug: string } | { kind: "code"; code: string };

/** Most opponents in one run (a gauntlet). */
export const MAX_OPPONENTS = 8;
/** Stop widths offered (full width of the 95% confidence sequence). */
export const WIDTHS = [0.02, 0.05, 0.1] as const;
/** Game caps offered per matchup. */
export const MAX_GAMES = [500, 2000, 10_000, 50_000] as const;

export interface LabChoice {
  you: LabSource | null;
  vs: LabSource[];
  agents: [LabAgent, LabAgent];
  seed: number | null;
  width: number;
  maxGames: number;
  /** Fixed game counts per matchup (a shared link), or null. */
  counts: number[] | null;
  run: boolean;
}

type Params = Record<string, string | string[] | undefined>;

const all = (p: Params, k: string): string[] => ([] as (string | undefined)[]).concat(p[k]).filter((x): x is string => typeof x === "string" && x.length > 0);
const one = (p: Params, k: string): string | undefined => all(p, k)[0];

/**
 * Read a deck source: `starter:SLUG`, `deck:ID`, `slug:SLUG`, `code:CODE`, or
 * a pasted deck link (`…/d/SLUG`, `…/d/code/CODE`). Null when unreadable.
 */
export function parseSource(raw: string): LabSource | null {
  const s = raw.trim();
  if (s.length === 0 || s.length > 4100) return null;
  const link = /(?:^|\/)d\/(?:code\/([A-Za-z0-9_~.-]+)|([A-Za-z0-9_-]{4,64}))\/?(?:[?#].*)?$/.exec(s);
  if (link) return link[1] ? { kind: "code", code: decodeURIComponent(link[1]) } : { kind: "slug", slug: link[2] };
  const m = /^(starter|deck|slug|code):(.+)$/.exec(s);
  if (!m) return null;
  const v = m[2];
  switch (m[1]) {
    case "starter":
      return /^[a-z0-9-]{1,64}$/.test(v) ? { kind: "starter", slug: v } : null;
    case "deck":
      return /^[A-Za-z0-9_-]{1,64}$/.test(v) ? { kind: "deck", id: v } : null;
    case "slug":
      return /^[A-Za-z0-9_-]{1,64}$/.test(v) ? { kind: "slug", slug: v } : null;
    default:
      return v.length <= 4000 ? { kind: "code", code: v } : null;
  }
}

/** The URL form of a source (inverse of {@link parseSource}). */
export function sourceString(s: LabSource): string {
  switch (s.kind) {
    case "starter":
      return `starter:${s.slug}`;
    case "deck":
      return `deck:${s.id}`;
    case "slug":
      return `slug:${s.slug}`;
    case "code":
      return `code:${s.code}`;
  }
}

function agentOf(x: string | undefined, fallback: LabAgent): LabAgent {
  return (LAB_AGENTS as readonly string[]).includes(x ?? "") ? (x as LabAgent) : fallback;
}

/** Parse the lab's search params; `errors` says what was dropped and why. */
export function parseLabParams(p: Params): { choice: LabChoice; errors: string[] } {
  const errors: string[] = [];
  const youRaw = one(p, "you");
  const you = youRaw ? parseSource(youRaw) : null;
  if (youRaw && !you) errors.push(`"${youRaw.slice(0, 80)}" is not a deck this lab can read (a deck link, a deck code, or a starter).`);
  const vs: LabSource[] = [];
  for (const raw of all(p, "vs")) {
    const s = parseSource(raw);
    if (!s) errors.push(`Opponent "${raw.slice(0, 80)}" is not a deck this lab can read.`);
    else if (!vs.some((x) => sourceString(x) === sourceString(s))) vs.push(s);
  }
  if (vs.length > MAX_OPPONENTS) {
    errors.push(`A run takes at most ${MAX_OPPONENTS} opponents; the first ${MAX_OPPONENTS} are kept.`);
    vs.length = MAX_OPPONENTS;
  }
  const seedRaw = one(p, "seed");
  let seed: number | null = null;
  if (seedRaw !== undefined) {
    if (/^\d{1,10}$/.test(seedRaw) && Number(seedRaw) <= 0x7fffffff) seed = Number(seedRaw);
    else errors.push("The seed must be a whole number from 0 to 2147483647.");
  }
  const width = Number(one(p, "width"));
  const maxGames = Number(one(p, "max"));
  let counts: number[] | null = null;
  const nRaw = one(p, "n");
  if (nRaw !== undefined) {
    const parts = nRaw.split(",").map((x) => (/^\d{1,6}$/.test(x) ? Number(x) : NaN));
    if (parts.length !== vs.length || parts.some((x) => !Number.isFinite(x) || x > 50_000))
      errors.push(`The game counts must list one whole number (at most 50,000) per opponent.`);
    else counts = parts;
  }
  return {
    choice: {
      you,
      vs,
      agents: [agentOf(one(p, "a"), "heuristic"), agentOf(one(p, "b"), "heuristic")],
      seed,
      width: (WIDTHS as readonly number[]).includes(width) ? width : 0.05,
      maxGames: (MAX_GAMES as readonly number[]).includes(maxGames) ? maxGames : 2000,
      counts,
      run: one(p, "run") === "1",
    },
    errors,
  };
}

/** The query string of a run (decks as given, seed fixed), without game counts. */
export function labQuery(c: LabChoice, seed: number, sources?: { you: LabSource; vs: LabSource[] }): string {
  const q = new URLSearchParams();
  const you = sources?.you ?? c.you;
  if (you) q.set("you", sourceString(you));
  for (const s of sources?.vs ?? c.vs) q.append("vs", sourceString(s));
  q.set("a", c.agents[0]);
  q.set("b", c.agents[1]);
  q.set("seed", String(seed));
  q.set("width", String(c.width));
  q.set("max", String(c.maxGames));
  q.set("run", "1");
  return q.toString();
}
