"use client";

import { useId, useState } from "react";
import { EMBED_MESSAGE } from "./embed-height";

/** The HTML another site pastes to frame a widget: the iframe, and the listener that sets its height from the widget's messages (docs/embeds.md). */
export function embedSnippet(src: string, title: string, id: string): string {
  const origin = new URL(src).origin;
  return `<iframe id="${id}" src="${src}"
  title="${title.replace(/[&"<>]/g, "")}" style="width:100%;border:0" height="420" loading="lazy"></iframe>
<script>
  window.addEventListener("message", function (e) {
    if (e.origin !== "${origin}" || !e.data || e.data.type !== "${EMBED_MESSAGE}") return;
    document.getElementById("${id}").style.height = e.data.height + "px";
  });
</script>`;
}

/**
 * "Embed": a disclosure with the iframe code for a widget (/embed/...), to
 * select or copy. The copy button says whether the clipboard took it.
 */
export function EmbedCode({ src, title, id }: { src: string; title: string; id: string }) {
  const code = embedSnippet(src, title, id);
  const field = useId();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <details className="text-sm" data-testid="embed-code">
      <summary className="cursor-pointer text-blue-700 underline focus-visible:outline-2">Embed</summary>
      <div className="panel mt-2 w-[min(36rem,calc(100vw-2rem))] space-y-2 p-3">
        <label htmlFor={field} className="block font-medium">
          Iframe code for your site
        </label>
        <textarea id={field} readOnly rows={8} value={code} onFocus={(e) => e.currentTarget.select()} className="input block w-full font-mono text-xs" />
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn-secondary" onClick={copy}>
            Copy code
          </button>
          <span aria-live="polite" className="text-xs text-slate-600">
            {copied === "yes" ? "Copied." : copied === "no" ? "Could not copy: select the code and copy it." : ""}
          </span>
        </div>
        <p className="text-xs text-slate-600">The widget tells your page its height; the script sets the iframe to it.</p>
      </div>
    </details>
  );
}
