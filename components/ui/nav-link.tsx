"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** A header navigation link that marks the current section with aria-current. */
export function NavLink({ href, children }: { href: string; children: React.ReactNode }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={`rounded-md px-3 py-2 text-sm md:py-1.5 font-semibold hover:bg-white/10 ${active ? "bg-white/15 underline decoration-amber-400 decoration-2 underline-offset-4" : ""}`}
    >
      {children}
    </Link>
  );
}
