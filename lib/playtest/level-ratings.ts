/**
 * The AI levels (and a few starter decks) on one Elo scale, from the
 * committed gauntlet (data/gauntlet.json, written by `npm run sim --
 * --gauntlet --write`): what "Racer" or "Legend" means as a rating.
 */
import gauntlet from "@/data/gauntlet.json";
import chaotix from "@/data/starter-decks/chaotix-mix.json";
import eggman from "@/data/starter-decks/eggman-empire.json";
import teamSonic from "@/data/starter-decks/team-sonic-speed.json";
import { LEVEL_INFO } from "./levels";
import { AI_LEVELS, type AiLevel } from "./session";

/** One row of the scale. */
export interface LevelRating {
  id: string;
  /** What players see: a level's name, or a deck's name and the level that played it. */
  label: string;
  kind: "level" | "deck";
  rating: number;
  lo: number;
  hi: number;
}

/** The scale, strongest first, and how it was measured. */
export interface LevelScale {
  rows: LevelRating[];
  gamesPerPair: number;
}

interface GauntletFile {
  gamesPerPair: number;
  entrants: { id: string; kind: string; agent: string; rating: number; lo: number; hi: number }[];
}

const DECK_NAMES: Record<string, string> = { [chaotix.slug]: chaotix.name, [eggman.slug]: eggman.name, [teamSonic.slug]: teamSonic.name };

const isLevel = (x: string): x is AiLevel => (AI_LEVELS as readonly string[]).includes(x);

/** Build the scale from a gauntlet file's contents (rows for unknown levels are left out). */
export function levelScaleOf(file: GauntletFile): LevelScale {
  const rows: LevelRating[] = [];
  for (const e of file.entrants) {
    if (!isLevel(e.agent)) continue;
    const by = LEVEL_INFO[e.agent].name;
    if (e.kind === "level") rows.push({ id: e.id, label: by, kind: "level", rating: e.rating, lo: e.lo, hi: e.hi });
    else {
      const slug = e.id.replace(/^deck:/, "");
      rows.push({ id: e.id, label: `${DECK_NAMES[slug] ?? slug} (played by ${by})`, kind: "deck", rating: e.rating, lo: e.lo, hi: e.hi });
    }
  }
  rows.sort((a, b) => b.rating - a.rating);
  return { rows, gamesPerPair: file.gamesPerPair };
}

/** The committed scale. */
export function levelScale(): LevelScale {
  return levelScaleOf(gauntlet as GauntletFile);
}
