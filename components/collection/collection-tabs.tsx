"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const TABS = [
  { href: "/collection", label: "My collection" },
  { href: "/collection/binders", label: "Binders" },
  { href: "/collection/booster", label: "Open a booster" },
  { href: "/collection/history", label: "Pack history" },
  { href: "/collection/completion", label: "Completion" },
  { href: "/collection/import", label: "Import / export" },
];

/** The collection section's sub-navigation; the current page is marked with aria-current. */
export function CollectionTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Collection" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {TABS.map((tab) => {
          const active = pathname === tab.href || (tab.href === "/collection/binders" && pathname.startsWith("/collection/binders/"));
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={active ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-semibold ${
                  active ? "border-blue-700 text-blue-800" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
