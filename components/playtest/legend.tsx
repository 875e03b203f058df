/** What the marks on board cards and slots mean (a collapsed panel beside the board). */
export function BoardLegend() {
  const item = "flex items-start gap-2";
  return (
    <details className="panel p-3 text-sm" data-testid="board-legend">
      <summary className="cursor-pointer font-semibold">Legend: marks on the board</summary>
      <ul className="mt-2 space-y-1.5">
        <li className={item}>
          <span className="grid h-5 w-5 shrink-0 place-items-center rounded-full border-[3px] border-amber-400 bg-amber-50 text-[10px] font-black text-amber-700" aria-hidden>
            5
          </span>
          <span>Printed rings (what the score step counts).</span>
        </li>
        <li className={item}>
          <span className="shrink-0 rounded-full bg-violet-700 px-1.5 text-[10px] font-bold text-white" aria-hidden>
            7
          </span>
          <span>Current rings, when an effect changed them (battles compare these).</span>
        </li>
        <li className={item}>
          <span className="shrink-0 rounded bg-violet-700 px-1 text-[9px] font-bold text-white" aria-hidden>
            FX
          </span>
          <span>The card&apos;s text is automated: its effect resolves by itself.</span>
        </li>
        <li className={item}>
          <span className="shrink-0 rounded bg-orange-600 px-1.5 text-[10px] font-bold text-white" aria-hidden>
            !
          </span>
          <span>Text not automated: the card plays as vanilla (manual corrections can apply it).</span>
        </li>
        <li className={item}>
          <span className="shrink-0 rounded-full bg-emerald-700 px-1 text-white" aria-hidden>
            <svg viewBox="0 0 12 14" className="inline h-2.5 w-2.5 fill-current">
              <path d="M6 0 12 2.5V7c0 3.3-2.6 6.1-6 7-3.4-.9-6-3.7-6-7V2.5z" />
            </svg>
          </span>
          <span>Protected (from copy discards, battle discards or effects: the card&apos;s description says which).</span>
        </li>
        <li className={item}>
          <span className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full bg-red-600 ring-1 ring-white" aria-hidden />
          <span>Active colour of a face-up multi-colour card.</span>
        </li>
        <li className={item}>
          <span className="shrink-0 rounded bg-slate-900/85 px-1 text-[9px] font-semibold uppercase text-white" aria-hidden>
            face down
          </span>
          <span>Your own face-down card (or the AI&apos;s, in reveal-all study mode).</span>
        </li>
        <li className={item}>
          <span className="h-5 w-4 shrink-0 rounded ring-4 ring-amber-400" aria-hidden />
          <span>You may flip this card now. A fuchsia ring: choose this card. A thin blue ring: the last flip.</span>
        </li>
      </ul>
      <p className="mt-2 text-xs text-slate-600">Hover a card (or long-press it, or focus it and press Z) to read its full text.</p>
    </details>
  );
}
