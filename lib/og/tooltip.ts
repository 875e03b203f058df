/**
 * The card-tooltip script for fan sites (served as /tooltip.js): one
 * `<script src="https://<ringbinder>/tooltip.js" defer></script>` turns every
 * `[[Card title]]` in the page's text into a link to the card that shows the
 * card on hover and on keyboard focus (Escape hides it), read from the public
 * API (GET /api/v1/cards, CORS open). No framework; text is set as text, never
 * as HTML. `[[Title|SET-NNN]]` picks one printing when a title has several.
 *
 * tooltipMain is served as its own source text (route: app/tooltip.js), so it
 * must stay self-contained: it references nothing outside its body.
 */
export function tooltipMain(win: Window, scriptSrc: string): number {
  const doc = win.document;
  const origin = new URL(scriptSrc, win.location.href).origin;
  const PATTERN = /\[\[([^[\]|\n]{1,80})(?:\|([A-Za-z0-9]{1,16})-(\d{1,6}))?\]\]/g;
  const SKIP = new Set(["SCRIPT", "STYLE", "TEXTAREA", "INPUT", "SELECT", "OPTION", "CODE", "PRE", "NOSCRIPT", "TEMPLATE"]);
  type ApiCard = { title: string; key: string; set: string; number: number; rings: number; colors: string[]; traits: string[]; text: string; setName: string };
  const cache = new Map<string, Promise<ApiCard[]>>();
  let seq = 0;

  if (!doc.getElementById("rb-tooltip-style")) {
    const style = doc.createElement("style");
    style.id = "rb-tooltip-style";
    style.textContent =
      ".rb-card{text-decoration:underline dotted;cursor:help}.rb-card:focus-visible{outline:2px solid #2563eb;outline-offset:2px}" +
      ".rb-tip{position:absolute;z-index:2147483000;max-width:18rem;padding:.6rem .75rem;border-radius:.5rem;background:#0f172a;color:#f8fafc;font:14px/1.4 system-ui,sans-serif;box-shadow:0 8px 24px rgba(0,0,0,.3)}" +
      ".rb-tip b{display:block;font-size:15px}.rb-tip small{display:block;color:#cbd5e1}.rb-tip p{margin:.35rem 0 0}";
    doc.head.appendChild(style);
  }

  function lookup(title: string): Promise<ApiCard[]> {
    const key = title.toLowerCase();
    let found = cache.get(key);
    if (!found) {
      const q = `!"${title.replace(/"/g, "")}"`;
      found = win
        .fetch(`${origin}/api/v1/cards?q=${encodeURIComponent(q)}&fields=title,set,setName,number,rings,colors,traits,text`)
        .then((r) => (r.ok ? r.json() : { data: [] }))
        .then((body: { data?: ApiCard[] }) => body.data ?? [])
        .catch(() => []);
      cache.set(key, found);
    }
    return found;
  }

  function link(title: string, set: string | undefined, number: string | undefined): HTMLAnchorElement {
    const a = doc.createElement("a");
    a.className = "rb-card";
    a.textContent = title;
    a.href = set && number ? `${origin}/cards/${set.toUpperCase()}/${Number(number)}` : `${origin}/cards?q=${encodeURIComponent(`!"${title.replace(/"/g, "")}"`)}`;
    a.rel = "noopener";
    const tip = doc.createElement("div");
    tip.className = "rb-tip";
    tip.id = `rb-tip-${++seq}`;
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    a.setAttribute("aria-describedby", tip.id);
    let open = false;
    const hide = () => {
      open = false;
      tip.hidden = true;
    };
    const show = () => {
      open = true;
      tip.textContent = "Loading…";
      if (!tip.isConnected) doc.body.appendChild(tip);
      const r = a.getBoundingClientRect();
      tip.style.left = `${Math.max(4, r.left + win.scrollX)}px`;
      tip.style.top = `${r.bottom + win.scrollY + 6}px`;
      tip.hidden = false;
      void lookup(title).then((cards) => {
        if (!open) return;
        const pick = set && number ? cards.find((c) => c.set.toUpperCase() === set.toUpperCase() && c.number === Number(number)) : cards[0];
        tip.textContent = "";
        if (!pick) {
          tip.textContent = `No card titled “${title}”.`;
          return;
        }
        a.href = `${origin}/cards/${pick.set}/${pick.number}`;
        const name = doc.createElement("b");
        name.textContent = pick.title;
        const meta = doc.createElement("small");
        meta.textContent = `${pick.rings} rings · ${pick.colors.join("/")} · ${pick.traits.join(", ")} · ${pick.set}-${String(pick.number).padStart(3, "0")}${cards.length > 1 && !set ? ` · ${cards.length - 1} more with this title` : ""}`;
        tip.append(name, meta);
        if (pick.text) {
          const text = doc.createElement("p");
          text.textContent = pick.text;
          tip.appendChild(text);
        }
      });
    };
    a.addEventListener("mouseenter", show);
    a.addEventListener("focus", show);
    a.addEventListener("mouseleave", () => {
      if (doc.activeElement !== a) hide();
    });
    a.addEventListener("blur", hide);
    a.addEventListener("keydown", (e) => {
      if (e.key === "Escape") hide();
    });
    return a;
  }

  const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */, {
    acceptNode(node) {
      for (let p = node.parentElement; p; p = p.parentElement) if (SKIP.has(p.tagName) || p.classList.contains("rb-card") || p.classList.contains("rb-tip")) return 2; /* REJECT */
      return node.nodeValue && node.nodeValue.includes("[[") ? 1 /* ACCEPT */ : 3; /* SKIP */
    },
  });
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  let made = 0;
  for (const node of nodes) {
    const text = node.nodeValue ?? "";
    const frag = doc.createDocumentFragment();
    let last = 0;
    for (const m of text.matchAll(PATTERN)) {
      const title = m[1].trim();
      if (!title) continue;
      frag.append(text.slice(last, m.index), link(title, m[2], m[3]));
      last = (m.index ?? 0) + m[0].length;
      made++;
    }
    if (last === 0) continue;
    frag.append(text.slice(last));
    node.replaceWith(frag);
  }
  return made;
}
