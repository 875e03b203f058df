import Link from "next/link";
import { NavLink } from "@/components/ui/nav-link";
import { SiteMenu } from "@/components/site/site-menu";
import { ThemeToggle } from "@/components/site/theme-toggle";
import { AccountMenu, AdminNavLink } from "@/components/accounts/account-menu";

const NAV = [
  { href: "/cards", label: "Cards" },
  { href: "/collection", label: "Collection" },
  { href: "/decks", label: "Decks" },
  { href: "/trades", label: "Trades" },
  { href: "/playtest", label: "Playtest" },
  { href: "/play", label: "Play" },
  { href: "/events", label: "Events" },
  { href: "/rules", label: "Rules" },
];

/**
 * The site header. It reads no session: the account corner asks the browser (components/accounts), so every page around
 * it can be cached. The home link is not prefetched: it is on every page, and its prefetch (several requests and
 * payloads decoded on the main thread while a page starts) buys little for a cached page served in a few ms.
 */
export function SiteHeader() {
  return (
    <header className="bg-gradient-to-r from-blue-900 via-blue-800 to-blue-700 text-white shadow">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2 md:py-3">
        <Link href="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight" prefetch={false}>
          <span aria-hidden className="inline-block h-6 w-6 rounded-full border-4 border-amber-400" />
          Ringbinder
        </Link>
        <SiteMenu>
        <nav aria-label="Main" className="flex flex-col gap-1 md:flex-1 md:flex-row md:flex-wrap md:items-center">
          {NAV.map((item) => (
            <NavLink key={item.href} href={item.href}>
              {item.label}
            </NavLink>
          ))}
          <AdminNavLink />
        </nav>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <ThemeToggle />
          <AccountMenu />
        </div>
        </SiteMenu>
      </div>
    </header>
  );
}
