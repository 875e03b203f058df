import type { AiLevel } from "@/lib/playtest/session";
import type { ColumnRule } from "@/lib/engine";

/** What players see for each AI level: a name and what it does. */
export const LEVEL_INFO: Record<AiLevel, { name: string; description: string }> = {
  random: { name: "Rookie", description: "Picks any legal move at random. Good for learning the rules." },
  heuristic: {
    name: "Racer",
    description: "Plays by rules of thumb: strong cards against weak ones, flips that set up copy and battle discards.",
  },
  search: {
    name: "Champion",
    description: "Plays out many possible games before each move, guessing your hidden cards (it never peeks). Slower than Racer.",
  },
  expert: {
    name: "Legend (expert)",
    description:
      "Plays every candidate move out on the same guesses of your hidden cards, two turns deep, and keeps the best (it never peeks). The strongest.",
  },
};

/** What players see for each column rule (RULES.md §4.2). */
export const COLUMN_RULE_INFO: Record<ColumnRule, { name: string; description: string }> = {
  priority: {
    name: "Priority (default)",
    description: "While some column still has both chaos cards face down, you must flip in such a column; after that, any of yours.",
  },
  "no-mirror": {
    name: "No mirror",
    description: "You may not flip in the column your opponent has just flipped in, unless it is your only choice.",
  },
};
