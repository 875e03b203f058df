import type { LabChoices } from "@/lib/lab/types";
import { LAB_AGENTS, type LabAgent } from "@/lib/lab/matchup";
import { LEVEL_INFO } from "@/lib/playtest/levels";
import { precisionText } from "@/components/lab/precision";
import { MAX_GAMES, MAX_OPPONENTS, sourceString, WIDTHS, type LabChoice } from "@/lib/lab/params";

/** The AI levels under their player-facing names (one source: lib/playtest/levels), with what each costs in the lab. */
export const AGENT_INFO: Record<LabAgent, { name: string; hint: string }> = {
  random: { name: LEVEL_INFO.random.name, hint: "random legal moves: a floor to beat" },
  heuristic: { name: LEVEL_INFO.heuristic.name, hint: "rules of thumb: fast, a fair opponent" },
  search: { name: LEVEL_INFO.search.name, hint: "plans ahead over hidden cards: about 100× slower" },
  expert: { name: LEVEL_INFO.expert.name, hint: "plans two turns ahead over hidden cards: strongest, about 500× slower" },
};

export function SetupForm({ choice, choices, errors }: { choice: LabChoice; choices: LabChoices; errors: string[] }) {
  const you = choice.you ? sourceString(choice.you) : "";
  const vs = new Set(choice.vs.map(sourceString));
  const youKnown = [...choices.starters, ...choices.mine].some((o) => o.value === you);
  const extraVs = choice.vs.map(sourceString).filter((v) => ![...choices.starters, ...choices.mine, ...choices.public].some((o) => o.value === v));
  return (
    <form method="get" action="/lab" className="panel space-y-4" aria-describedby={errors.length ? "lab-errors" : undefined}>
      <input type="hidden" name="run" value="1" />
      {errors.length > 0 && (
        <ul id="lab-errors" role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor="lab-you" className="label">
            Your deck
          </label>
          <select id="lab-you" name="you" className="input" defaultValue={youKnown ? you : ""} required={!(!youKnown && you)}>
            {!youKnown && you ? <option value={you}>The linked deck</option> : <option value="">Pick a deck…</option>}
            {choices.mine.length > 0 && (
              <optgroup label="My decks">
                {choices.mine.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                    {o.legal ? "" : " (not legal: practice)"}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label="Starter decks">
              {choices.starters.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div>
          <label htmlFor="lab-a" className="label">
            Your side is played by
          </label>
          <select id="lab-a" name="a" className="input" defaultValue={choice.agents[0]}>
            {LAB_AGENTS.map((a) => (
              <option key={a} value={a}>
                {AGENT_INFO[a].name} — {AGENT_INFO[a].hint}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="label">Opponents (a gauntlet of up to {MAX_OPPONENTS})</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {[...choices.starters, ...choices.mine, ...choices.public, ...extraVs.map((v) => ({ value: v, label: "Linked deck" }))].map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="vs" value={o.value} defaultChecked={vs.has(o.value)} />
              {o.label}
            </label>
          ))}
        </div>
        <label htmlFor="lab-vs-link" className="label mt-2">
          Or paste a deck link or deck code
        </label>
        <input id="lab-vs-link" name="vs" className="input" placeholder="https://…/d/… or code:…" maxLength={4100} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-4">
        <div>
          <label htmlFor="lab-b" className="label">
            Opponents are played by
          </label>
          <select id="lab-b" name="b" className="input" defaultValue={choice.agents[1]}>
            {LAB_AGENTS.map((a) => (
              <option key={a} value={a}>
                {AGENT_INFO[a].name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lab-width" className="label">
            Stop at precision
          </label>
          <select id="lab-width" name="width" className="input" defaultValue={String(choice.width)}>
            {WIDTHS.map((w) => (
              <option key={w} value={w}>
                {precisionText(w)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lab-max" className="label">
            or after
          </label>
          <select id="lab-max" name="max" className="input" defaultValue={String(choice.maxGames)}>
            {MAX_GAMES.map((m) => (
              <option key={m} value={m}>
                {m.toLocaleString("en")} games
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lab-seed" className="label">
            Seed (optional)
          </label>
          <input id="lab-seed" name="seed" className="input" inputMode="numeric" pattern="\d{1,10}" defaultValue={choice.seed ?? ""} />
        </div>
      </div>
      <button type="submit" className="btn-primary">
        Run the lab
      </button>
    </form>
  );
}
