/**
 * The deck doctor: proposes up to five single-card swaps (one copy out, one
 * copy in) that raise a deck's simulated win rate against a gauntlet.
 *
 * Method: successive halving over candidate swaps with common random numbers.
 * Every swap replaces one copy in place, so its deck has the same size and the
 * engine's shuffle puts the new card exactly where the old one was: swap and
 * baseline play the same deals, and each swap's gain is a mean of paired
 * differences (much less noisy than two independent win rates). Each round
 * plays the surviving swaps on the next block of games, keeps the better half
 * by mean gain, and doubles the block, until five remain; the survivors'
 * gains are reported with a 95% interval over all their paired games.
 *
 * Which swaps are tried: first every title of the deck is raced as the card
 * to cut (each swapped for the best-ranked addition); then the surviving cuts
 * are raced against the additions, catalog cards ranked by printed rings, an
 * automated effect and colour fit. Every deck raced passes the deck rules.
 */
import { checkDeck, ruleCatalog } from "@/lib/decks/rules";
import type { CardDef, Rules } from "@/lib/engine";
import { gauntletScores, type LabAgent } from "./matchup";

/** A card the doctor may put in or take out. */
export interface DoctorCard {
  key: string;
  title: string;
  def: CardDef;
}

export interface DoctorInput {
  /** My deck, one entry per copy, in list order. */
  deck: DoctorCard[];
  /** Cards that may come in (the whole catalog, or the cards I own with copies to spare). */
  candidates: DoctorCard[];
  opponents: CardDef[][];
  agents: [LabAgent, LabAgent];
  seed: number;
  rules?: Partial<Rules>;
  /** How many cuts survive the first race, and how many additions each is raced with (default 3 and 10). */
  cuts?: number;
  adds?: number;
  /** Games in the first halving round per swap (default 48; doubled each round). */
  firstRound?: number;
  /** Called after every block of games with the games played so far (for progress bars). */
  onProgress?: (games: number) => void;
}

/** A swap: take one copy of `out` (the copy at deck position `at`) out, put one `into` in. */
export interface Swap {
  out: { key: string; title: string };
  into: { key: string; title: string };
  at: number;
}

/** A proposal with its estimated gain in win rate (draws count half) and 95% interval. */
export interface SwapResult extends Swap {
  gain: number;
  interval: [number, number];
  games: number;
}

export interface DoctorReport {
  baseline: { games: number; rate: number };
  proposals: SwapResult[];
  /** Swaps tried in the first round, and games played in all. */
  tried: number;
  games: number;
}

function colourFit(c: CardDef, deck: readonly DoctorCard[]): number {
  let n = 0;
  for (const d of deck) if (d.def.colors.some((x) => c.colors.includes(x))) n++;
  return n / Math.max(1, deck.length);
}

/** Catalog cards ranked for coming in: printed rings, an automated effect, and colour fit with the deck. */
export function addCandidates(input: DoctorInput): DoctorCard[] {
  const seen = new Set<string>();
  return input.candidates
    .filter((c) => (seen.has(c.key) ? false : (seen.add(c.key), true)))
    .map((c) => ({ c, score: c.def.rings + (c.def.effect ? 1.5 : 0) + 2 * colourFit(c.def, input.deck) }))
    .sort((a, b) => b.score - a.score || a.c.key.localeCompare(b.c.key))
    .map((x) => x.c);
}

/** Games a successive-halving race of `arms` swaps plays (baseline included), for progress bars. */
export function halvingGames(arms: number, firstBlock: number, keep: number): number {
  let games = 0;
  let alive = arms;
  let block = firstBlock;
  let played = 0;
  for (;;) {
    games += alive * block;
    played += block;
    if (alive <= keep) break;
    alive = Math.max(keep, Math.ceil(alive / 2));
    block *= 2;
  }
  return games + played;
}

/** Is the deck after `swap` legal (size and copies per title, by the deck rules)? */
export function swapIsLegal(deck: readonly DoctorCard[], swap: Swap): boolean {
  const lines = new Map<string, { key: string; title: string; quantity: number }>();
  deck.forEach((c, i) => {
    const k = i === swap.at ? swap.into.key : c.key;
    const title = i === swap.at ? swap.into.title : c.title;
    const l = lines.get(k) ?? { key: k, title, quantity: 0 };
    l.quantity++;
    lines.set(k, l);
  });
  // the doctor's cards are known by their card keys: the key is the id the rules read
  const catalog = ruleCatalog([...lines.values()].map((l) => ({ id: l.key, key: l.key, title: l.title })));
  return checkDeck([...lines.values()].map((l) => ({ cardId: l.key, quantity: l.quantity })), catalog).legal;
}

function applySwap(deck: readonly DoctorCard[], swap: Swap, into: CardDef): CardDef[] {
  return deck.map((c, i) => (i === swap.at ? into : c.def));
}

function meanInterval(d: number[]): { mean: number; interval: [number, number] } {
  const n = d.length;
  if (n === 0) return { mean: 0, interval: [-1, 1] };
  let s = 0;
  for (const x of d) s += x;
  const mean = s / n;
  let v = 0;
  for (const x of d) v += (x - mean) ** 2;
  const se = n > 1 ? Math.sqrt(v / (n - 1) / n) : 1;
  return { mean, interval: [mean - 1.959964 * se, mean + 1.959964 * se] };
}

/** The swap that takes out one copy of `title` (the last in list order) and puts `into` in its place. */
function swapFor(deck: readonly DoctorCard[], title: string, into: DoctorCard): Swap {
  const at = deck.map((c) => c.title).lastIndexOf(title);
  return { out: { key: deck[at].key, title }, into: { key: into.key, title: into.title }, at };
}

interface Race {
  swaps: Swap[];
  /** Paired score differences (swap − baseline, per game, in [−1, 1]) of every swap. */
  paired: number[][];
}

/**
 * Successive halving: play every surviving swap on the next block of games,
 * keep the better half by mean paired gain (never fewer than `keep`), double
 * the block, until `keep` remain. Games are indexed from 0 for every swap, so
 * all swaps and the baseline meet the same deals.
 */
function race(input: DoctorInput, swaps: Swap[], intoDefs: Map<string, CardDef>, base: number[], firstBlock: number, keep: number, count: { games: number }): Race {
  const paired: number[][] = swaps.map(() => []);
  let alive = swaps.map((_, i) => i);
  let from = 0;
  let block = firstBlock;
  const you = input.deck.map((c) => c.def);
  for (;;) {
    const to = from + block;
    if (base.length < to) {
      count.games += to - base.length;
      base.push(...gauntletScores(you, input.opponents, input.agents, input.seed, base.length, to, input.rules));
    }
    for (const i of alive) {
      const s = gauntletScores(applySwap(input.deck, swaps[i], intoDefs.get(swaps[i].into.key) as CardDef), input.opponents, input.agents, input.seed, from, to, input.rules);
      count.games += s.length;
      for (let g = 0; g < s.length; g++) paired[i].push((s[g] - base[from + g]) / 2);
      input.onProgress?.(count.games);
    }
    from = to;
    if (alive.length <= keep) break;
    alive = alive
      .map((i) => ({ i, m: meanInterval(paired[i]).mean }))
      .sort((a, b) => b.m - a.m || a.i - b.i)
      .slice(0, Math.max(keep, Math.ceil(alive.length / 2)))
      .map((x) => x.i);
    block *= 2;
  }
  return { swaps: alive.map((i) => swaps[i]), paired: alive.map((i) => paired[i]) };
}

/**
 * Run the doctor to the end (the CLI, the lab's worker and the tests use it;
 * the report depends only on the input). Two races, both by successive
 * halving on common random numbers:
 *  1. which title to cut: each title of the deck swapped for the top-ranked
 *     addition, raced down to the `cuts` (default 3) most promising cuts;
 *  2. what to add: those cuts × the `adds` (default 10) best-ranked additions,
 *     raced down to five.
 * Returns the five with a positive estimated gain, best first. Every swap
 * raced is a legal deck by the deck rules.
 */
export function runDoctor(input: DoctorInput): DoctorReport {
  const adds = addCandidates(input);
  const intoDefs = new Map(adds.map((c) => [c.key, c.def]));
  const titles = [...new Set(input.deck.map((c) => c.title))];
  const base: number[] = [];
  const count = { games: 0 };
  const first = input.firstRound ?? 48;
  // 1. cuts: each title against the best legal addition for it
  const cutSwaps: Swap[] = [];
  for (const t of titles) {
    const into = adds.find((a) => a.title !== t && swapIsLegal(input.deck, swapFor(input.deck, t, a)));
    if (into) cutSwaps.push(swapFor(input.deck, t, into));
  }
  const cuts = race(input, cutSwaps, intoDefs, base, first, input.cuts ?? 3, count).swaps.map((s) => s.out.title);
  // 2. additions for the surviving cuts
  const swaps: Swap[] = [];
  for (const t of cuts) {
    let n = 0;
    for (const a of adds) {
      if (n >= (input.adds ?? 10)) break;
      if (a.title === t) continue;
      const s = swapFor(input.deck, t, a);
      if (!swapIsLegal(input.deck, s)) continue;
      swaps.push(s);
      n++;
    }
  }
  const tried = cutSwaps.length + swaps.length;
  const final = race(input, swaps, intoDefs, base, first, 5, count);
  const proposals = final.swaps
    .map((s, k) => {
      const m = meanInterval(final.paired[k]);
      return { ...s, gain: m.mean, interval: m.interval, games: final.paired[k].length };
    })
    .filter((p) => p.gain > 0)
    .sort((a, b) => b.gain - a.gain);
  const rate = base.reduce((a, b) => a + b, 0) / (2 * Math.max(1, base.length));
  return { baseline: { games: base.length, rate }, proposals, tried, games: count.games };
}

/** One missing card of a deck and the owned cards that could stand in for it. */
export interface StandInLine {
  /** The missing card's key: one copy of it (the last in list order) is replaced by each stand-in. */
  missing: string;
  options: DoctorCard[];
  /** Stand-ins to keep for this line (default: the input's `keep`). */
  keep?: number;
}

export interface StandInInput {
  /** The deck as listed (every copy, the missing ones included), one entry per copy. */
  deck: DoctorCard[];
  lines: StandInLine[];
  opponents: CardDef[][];
  agents: [LabAgent, LabAgent];
  seed: number;
  rules?: Partial<Rules>;
  /** Stand-ins kept per line (default 3), and games per stand-in in the first halving round (default 48). */
  keep?: number;
  firstRound?: number;
  onProgress?: (games: number) => void;
}

/** A stand-in measured by the doctor: the change in win rate (draws count half) when it replaces one copy of the missing card. */
export interface StandInResult {
  key: string;
  title: string;
  gain: number;
  interval: [number, number];
  games: number;
}

export interface StandInReport {
  baseline: { games: number; rate: number };
  lines: { missing: string; ranked: StandInResult[] }[];
  games: number;
}

/** Games {@link rankStandIns} plays for these lines (baseline included, at most), for progress bars. */
export function standInGames(lines: readonly { options: readonly unknown[]; keep?: number }[], firstBlock = 48, defaultKeep = 3): number {
  let games = 0;
  let longest = 0;
  for (const l of lines) {
    if (l.options.length === 0) continue;
    const keep = l.keep ?? defaultKeep;
    const all = halvingGames(l.options.length, firstBlock, keep);
    // halvingGames counts the baseline's games once per race; the lines share one baseline
    let played = 0;
    let alive = l.options.length;
    let block = firstBlock;
    for (;;) {
      played += block;
      if (alive <= keep) break;
      alive = Math.max(keep, Math.ceil(alive / 2));
      block *= 2;
    }
    games += all - played;
    longest = Math.max(longest, played);
  }
  return games + longest;
}

/**
 * The doctor's measure for completing a deck from a collection: for each
 * missing card, its owned stand-ins are raced by successive halving on
 * common random numbers (the deck with one copy of the missing card replaced
 * by the stand-in, against the same deals as the deck as listed), down to
 * `keep` per line, best first. Gains are usually negative: the stand-in is
 * measured against the card the deck asks for.
 */
export function rankStandIns(input: StandInInput): StandInReport {
  const base: number[] = [];
  const count = { games: 0 };
  const keep = input.keep ?? 3;
  const first = input.firstRound ?? 48;
  const race_ = { deck: input.deck, candidates: [], opponents: input.opponents, agents: input.agents, seed: input.seed, rules: input.rules, onProgress: input.onProgress } satisfies DoctorInput;
  const lines = input.lines.map((line) => {
    const at = input.deck.map((c) => c.key).lastIndexOf(line.missing);
    const seen = new Set<string>();
    const options = line.options.filter((o) => o.key !== line.missing && (seen.has(o.key) ? false : (seen.add(o.key), true)));
    if (at < 0 || options.length === 0) return { missing: line.missing, ranked: [] };
    const out = { key: input.deck[at].key, title: input.deck[at].title };
    const swaps: Swap[] = options.map((o) => ({ out, into: { key: o.key, title: o.title }, at }));
    const r = race(race_, swaps, new Map(options.map((o) => [o.key, o.def])), base, first, Math.max(1, line.keep ?? keep), count);
    const ranked = r.swaps
      .map((s, k) => {
        const m = meanInterval(r.paired[k]);
        return { key: s.into.key, title: s.into.title, gain: m.mean, interval: m.interval, games: r.paired[k].length };
      })
      .sort((a, b) => b.gain - a.gain || a.key.localeCompare(b.key));
    return { missing: line.missing, ranked };
  });
  const rate = base.reduce((a, b) => a + b, 0) / (2 * Math.max(1, base.length));
  return { baseline: { games: base.length, rate }, lines, games: count.games };
}
