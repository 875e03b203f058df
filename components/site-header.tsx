import Link from "next/link";
import { signOutAction } from "@/lib/actions/auth";
import { NavLink } from "@/components/ui/nav-link";
import { SiteMenu } from "@/components/site-menu";
import { ThemeToggle } from "@/components/theme-toggle";

const NAV = [
  { href: "/cards", label: "Cards" },
  { href: "/collection", label: "Collection" },
  { href: "/decks", label: "Decks" },
  { href: "/playtest", label: "Playtest" },
  { href: "/rules", label: "Rules" },
];

/** The site header; the layout passes the signed-in user (null for guests). */
export function SiteHeader({ user }: { user: { displayName: string; role: string } | null }) {
  return (
    <header className="bg-gradient-to-r from-blue-900 via-blue-800 to-blue-700 text-white shadow">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2 md:py-3">
        <Link href="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight">
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
          {user?.role === "admin" && <NavLink href="/admin">Admin</NavLink>}
        </nav>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <ThemeToggle />
          {user ? (
            <>
              <Link href="/account" className="rounded-md px-2 py-1 hover:bg-white/10" data-testid="current-user" title="Your account">
                {user.displayName}
                {user.role === "admin" && <span className="ml-1 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-blue-950">admin</span>}
              </Link>
              <form action={signOutAction}>
                <button type="submit" className="rounded-md border border-white/40 px-3 py-1.5 font-semibold hover:bg-white/10">
                  Sign out
                </button>
              </form>
            </>
          ) : (
            <>
              <Link href="/signin" className="rounded-md px-3 py-1.5 font-semibold hover:bg-white/10">
                Sign in
              </Link>
              <Link href="/signup" className="rounded-md bg-amber-400 px-3 py-1.5 font-semibold text-blue-950 hover:bg-amber-300">
                Sign up
              </Link>
            </>
          )}
        </div>
        </SiteMenu>
      </div>
    </header>
  );
}
