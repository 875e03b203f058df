/**
 * The short form of a card's printed text that the board shows on the card
 * itself (the full text and the engine's reading are on zoom): the trigger
 * words shortened ("When flipped:" reads "Flip:"), and nothing else changed,
 * so the short form never says something the card does not.
 */
const TRIGGERS: [RegExp, string][] = [
  [/^When flipped:\s*/i, "Flip: "],
  [/^While face up in the spare row:\s*/i, "Face up in spare: "],
  [/^While face up:\s*/i, "Face up: "],
  [/^When this card is discarded:\s*/i, "Discarded: "],
  [/^At the score step:\s*/i, "Score: "],
  [/^When this card wins a battle:\s*/i, "Wins battle: "],
  [/^When this card loses a battle:\s*/i, "Loses battle: "],
];


/** The board's short form of a printed card text ("" for a card without text). */
export function shortCardText(text: string): string {
  let t = text.trim().replace(/\s+/g, " ");
  if (t === "") return "";
  for (const [re, to] of TRIGGERS) if (re.test(t)) {
    t = t.replace(re, to);
    break;
  }
  return t;
}
