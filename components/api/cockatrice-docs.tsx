const link = "text-blue-700 underline dark:text-blue-300";

/** /developers: playing the catalog on Cockatrice (the card database and the decks' .cod files). */
export function CockatriceDocs({ apiBase }: { apiBase: string }) {
  return (
    <section className="panel space-y-2 text-sm" aria-labelledby="cockatrice-h">
      <h2 id="cockatrice-h" className="text-lg font-semibold">Play it on Cockatrice</h2>
      <p>
        <a href={`${apiBase}/bulk/cockatrice.xml`} className={link} download data-testid="cockatrice-db">
          {apiBase}/bulk/cockatrice.xml
        </a>{" "}
        is the whole catalog as a Cockatrice card database (version 4), rebuilt whenever the catalog changes. In Cockatrice, choose <em>Card Database → Open custom sets folder</em>, move the file
        there, restart Cockatrice and enable the new set. Every deck page has a <em>Download .cod (Cockatrice)</em> button for a deck file Cockatrice opens.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>Card names are the title and key, <code>Tails (DEMO-052)</code>: the game gives one title to different cards, and Cockatrice needs each name once.</li>
        <li>The ring value is the cost (<code>manacost</code>, <code>cmc</code>), so Cockatrice sorts and filters by rings.</li>
        <li>Colours are letters: U blue, R red, Y yellow, A gray.</li>
        <li>Traits are the type (joined with “ / ”; the first is the main type the deck editor groups by); the card text is the text; each printing lists its set, number and rarity.</li>
      </ul>
    </section>
  );
}
