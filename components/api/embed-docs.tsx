const code = "block overflow-x-auto whitespace-pre rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800";

/** /developers: the deck widget (iframe + height messages) and the card-tooltip script, each with a snippet to copy. */
export function EmbedDocs({ origin }: { origin: string }) {
  const iframe = `<iframe id="ringbinder-deck" src="${origin}/embed/d/DECK-SLUG"
  title="Ringbinder deck" style="width:100%;border:0" height="400" loading="lazy"></iframe>
<script>
  window.addEventListener("message", function (e) {
    if (e.origin !== "${origin}" || !e.data || e.data.type !== "ringbinder:embed-height") return;
    document.getElementById("ringbinder-deck").style.height = e.data.height + "px";
  });
</script>`;
  const tooltip = `<script src="${origin}/tooltip.js" defer></script>
<p>Open with [[Sonic the Hedgehog]] and keep [[Tails|DEMO-052]] close.</p>`;
  return (
    <>
      <section className="panel space-y-2 text-sm" aria-labelledby="embeds-h">
        <h2 id="embeds-h" className="text-lg font-semibold">Embed a deck</h2>
        <p>
          Any public or unlisted deck can sit in your page: put <code>/embed/d/&lt;slug&gt;</code> (the slug of its shared link <code>/d/&lt;slug&gt;</code>) in an <code>&lt;iframe&gt;</code>. Only the
          <code> /embed/</code> pages may be framed by other sites. The widget tells its page its height whenever it changes, with a message{" "}
          <code>{`{ type: "ringbinder:embed-height", id: "deck:<slug>", height }`}</code>; set the iframe&apos;s height from it, and check the message&apos;s origin:
        </p>
        <code className={code} data-testid="embed-snippet">
          {iframe}
        </code>
        <p>
          A lobby game&apos;s replay embeds the same way: <code>/embed/r/&lt;code&gt;</code> (the code of its link <code>/r/&lt;code&gt;</code>) is a compact viewer of the public view, seeking by step and by
          turn; its messages carry <code>id: &quot;replay:&lt;code&gt;&quot;</code>. A replay of an invite or ladder game is not embeddable. The replay and deck pages have an <em>Embed</em> link with this code
          ready to copy.
        </p>
        <p>Shared deck, card and replay links also unfurl in chat apps with a picture of the deck, the card or the game&apos;s result (Open Graph and Twitter/X cards).</p>
      </section>
      <section className="panel space-y-2 text-sm" aria-labelledby="tooltips-h">
        <h2 id="tooltips-h" className="text-lg font-semibold">Card tooltips for your site</h2>
        <p>
          One script tag turns every <code>[[Card title]]</code> in your page&apos;s text into a link to the card that shows it on hover and on keyboard focus (Escape hides it).{" "}
          <code>[[Title|SET-NNN]]</code> picks one printing when a title has several. Text in <code>&lt;code&gt;</code>, <code>&lt;pre&gt;</code> and form fields is left alone. It reads the public API
          from the reader&apos;s browser, so the rate limits above apply per reader.
        </p>
        <code className={code} data-testid="tooltip-snippet">
          {tooltip}
        </code>
      </section>
    </>
  );
}
