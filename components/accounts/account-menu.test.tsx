// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";

vi.mock("next/navigation", () => ({ usePathname: () => "/" }));
vi.mock("@/lib/accounts/actions/auth", () => ({ signOutAction: vi.fn() }));

const { AccountMenu } = await import("./account-menu");

afterEach(cleanup);

describe("AccountMenu before the browser knows who is signed in", () => {
  it("renders a working account link in the server HTML, not an empty box", () => {
    const html = renderToString(<AccountMenu />);
    expect(html).toContain('href="/account"');
    expect(html).toContain("Your account");
  });

  it("keeps that link until the session is known", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    render(<AccountMenu />);
    expect(screen.getByRole("link", { name: "Your account" }).getAttribute("href")).toBe("/account");
    vi.unstubAllGlobals();
  });
});
