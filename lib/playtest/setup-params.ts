/**
 * The playtest's URL parameters: which decks, AI level and column rule. Pure
 * parsing, and resolution of the decks' card keys against a card catalog the
 * server page loads from the database (lib/playtest/data).
 */
import type { ColumnRule } from "@/lib/engine";
import { resolveCardKeys, starterDeckKeys, starterDecks, type CardCatalog } from "./cards";
import { AI_LEVELS, HUMAN, defaultRules, randomSeed, type AiLevel, type GameSetup } from "./session";

/** Where your deck comes from: a starter deck, or a user deck by id, share slug or deck code. */
export type DeckSource = { kind: "starter"; slug: string } | { kind: "deck"; deckId: string } | { kind: "slug"; slug: string } | { kind: "code"; code: string };

/** A user deck resolved by the decks module: its name and card keys in list order. */
export interface CustomDeck {
  name: string;
  keys: string[];
}

/** The form's choices, parsed from search params (with defaults). */
export interface SetupChoice {
  /** Your deck: a starter slug (when `source` is a starter). */
  you: string;
  source: DeckSource;
  opp: string;
  level: AiLevel;
  rule: ColumnRule;
  seed: number | null;
  start: boolean;
  /** Manual corrections for your cards whose text is not automated (RULES.md §6); on unless turned off. */
  corrections: boolean;
}

/** Why a setup could not start. */
export type SetupError = { code: "playtest/unknown-deck" | "playtest/unknown-card" | "playtest/bad-seed"; reason: string };

type Params = Record<string, string | string[] | undefined>;

function one(p: Params, k: string): string | undefined {
  const v = p[k];
  return Array.isArray(v) ? v[0] : v;
}

/** Read the setup choice from search params; unknown values fall back to defaults (the form shows them). */
export function parseSetupParams(p: Params): SetupChoice {
  const starters = starterDecks();
  const levelRaw = one(p, "level");
  const ruleRaw = one(p, "rule");
  const seedRaw = one(p, "seed");
  const seed = seedRaw !== undefined && /^\d{1,10}$/.test(seedRaw) && Number(seedRaw) <= 0xffffffff ? Number(seedRaw) : null;
  const youRaw = one(p, "you");
  // The form's deck picker names one of your decks as "deck:<id>", in the same radio group as the starters.
  const pickedDeck = youRaw?.startsWith("deck:") ? youRaw.slice(5) : undefined;
  const you = (pickedDeck !== undefined ? undefined : youRaw) ?? one(p, "starter") ?? starters[0].slug;
  const deckId = pickedDeck ?? one(p, "deck");
  const slug = one(p, "slug");
  const code = one(p, "code");
  const clean = (x: string | undefined, max: number) => (x !== undefined && x.length > 0 && x.length <= max ? x : undefined);
  // A deck link (?deck, ?slug, ?code) is your deck unless a starter deck was picked in the form (you=<starter slug>).
  const linked: DeckSource | null =
    clean(deckId, 64) !== undefined
      ? { kind: "deck", deckId: deckId! }
      : clean(slug, 64) !== undefined
        ? { kind: "slug", slug: slug! }
        : clean(code, 4000) !== undefined
          ? { kind: "code", code: code! }
          : null;
  const pickedStarter = youRaw !== undefined && youRaw !== "linked" && pickedDeck === undefined;
  const source: DeckSource = linked && !pickedStarter ? linked : { kind: "starter", slug: you === "linked" ? starters[0].slug : you };
  return {
    you: source.kind === "starter" ? source.slug : "linked",
    source,
    opp: one(p, "opp") ?? starters[1].slug,
    level: (AI_LEVELS as readonly string[]).includes(levelRaw ?? "") ? (levelRaw as AiLevel) : "random",
    rule: ruleRaw === "no-mirror" ? "no-mirror" : "priority",
    seed,
    start: one(p, "start") === "1",
    // The form sends a hidden "0" before the checkbox's "1": on when any value is "1", or when the parameter is absent.
    corrections: p.corrections === undefined ? true : ([] as (string | undefined)[]).concat(p.corrections).includes("1"),
  };
}

/** The card keys a choice needs (both decks), so the page can load just those cards from the catalog. */
export function setupCardKeys(c: SetupChoice, custom: CustomDeck | null = null): string[] {
  const keys = new Set<string>();
  for (const k of custom ? custom.keys : (starterDeckKeys(c.you) ?? [])) keys.add(k);
  for (const k of starterDeckKeys(c.opp) ?? []) keys.add(k);
  return [...keys];
}

/**
 * Resolve a choice to a game setup (decks as engine card definitions from the
 * catalog), or say what is wrong.
 */
export function resolveSetup(c: SetupChoice, seed: number, catalog: CardCatalog, custom: CustomDeck | null = null, aiSeed: number = randomSeed()): { ok: true; setup: GameSetup } | { ok: false; error: SetupError } {
  const names = new Map(starterDecks().map((d) => [d.slug, d.name]));
  if (custom) names.set("\u0000custom", custom.name);
  const decks = [custom ? "\u0000custom" : c.you, c.opp].map((slug) => ({ slug, keys: slug === "\u0000custom" ? custom!.keys : starterDeckKeys(slug) }));
  for (const d of decks)
    if (!d.keys) return { ok: false, error: { code: "playtest/unknown-deck", reason: `There is no starter deck "${d.slug}". Pick one from the list.` } };
  const r0 = resolveCardKeys(decks[0].keys!, catalog);
  const r1 = resolveCardKeys(decks[1].keys!, catalog);
  if (!r0.ok) return { ok: false, error: { code: "playtest/unknown-card", reason: `Your deck cannot be played: ${r0.error.reason}` } };
  if (!r1.ok) return { ok: false, error: { code: "playtest/unknown-card", reason: `The opponent's deck cannot be played: ${r1.error.reason}` } };
  return {
    ok: true,
    setup: {
      decks: [r0.cards, r1.cards],
      deckKeys: [decks[0].keys!, decks[1].keys!],
      deckNames: [names.get(decks[0].slug) ?? decks[0].slug, names.get(c.opp) ?? c.opp],
      seed,
      aiSeed,
      rules: defaultRules({ columnRule: c.rule, ...(c.corrections ? { manualCorrections: [HUMAN] } : {}) }),
      level: c.level,
    },
  };
}
