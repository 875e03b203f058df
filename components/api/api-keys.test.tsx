// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiKeyDTO } from "@/lib/api/types";

const actions = vi.hoisted(() => ({ createApiKeyAction: vi.fn(), revokeApiKeyAction: vi.fn() }));
vi.mock("@/lib/api/actions", () => actions);

const { ApiKeys } = await import("./api-keys");

const limits = { withKey: "1200 requests a minute per key", without: "300 requests a minute per address" };
const key = (over: Partial<ApiKeyDTO> = {}): ApiKeyDTO => ({ id: "k1", name: "Discord bot", prefix: "rbk_abcdef", createdAt: "2026-11-30T10:00:00.000Z", lastUsedAt: null, ...over });

beforeEach(() => {
  for (const f of Object.values(actions)) f.mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("ApiKeys (the account page's API keys)", () => {
  it("says there are no keys, and that the API works without one", () => {
    render(<ApiKeys keys={[]} max={10} limits={limits} />);
    expect(screen.getByText(/You have no API keys/)).toBeTruthy();
    expect(screen.getByText(/300 requests a minute per address/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "public API" }).getAttribute("href")).toBe("/developers");
  });

  it("shows a new key's secret once, with its message, after making it", async () => {
    actions.createApiKeyAction.mockResolvedValue({ ok: true, data: { secret: "rbk_secretvalue", name: "Bot" }, message: "Key “Bot” made. Copy it now: it will not be shown again." });
    render(<ApiKeys keys={[]} max={10} limits={limits} />);
    fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "Bot" } });
    fireEvent.click(screen.getByRole("button", { name: "Make a key" }));
    await waitFor(() => expect((screen.getByLabelText("Your new API key") as HTMLInputElement).value).toBe("rbk_secretvalue"));
    expect(screen.getByText(/will not be shown again/)).toBeTruthy();
    expect((actions.createApiKeyAction.mock.calls[0][1] as FormData).get("name")).toBe("Bot");
  });

  it("shows a refused name as a field error", async () => {
    actions.createApiKeyAction.mockResolvedValue({ ok: false, message: "Please correct the highlighted fields.", fieldErrors: { name: ["Name the key, e.g. the bot or site that will use it"] } });
    render(<ApiKeys keys={[]} max={10} limits={limits} />);
    fireEvent.click(screen.getByRole("button", { name: "Make a key" }));
    await waitFor(() => expect(screen.getByText("Name the key, e.g. the bot or site that will use it")).toBeTruthy());
    expect(screen.getByLabelText("Key name").getAttribute("aria-invalid")).toBe("true");
  });

  it("cannot make a key past the most allowed", () => {
    render(<ApiKeys keys={Array.from({ length: 10 }, (_, i) => key({ id: `k${i}`, name: `Key ${i}` }))} max={10} limits={limits} />);
    expect((screen.getByRole("button", { name: "Make a key" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/revoke one first/)).toBeTruthy();
  });

  it("lists keys by name and prefix, never a secret, and revokes only after a confirmation", async () => {
    actions.revokeApiKeyAction.mockResolvedValue({ ok: true, data: undefined, message: "Key revoked. Requests that send it are refused from now on." });
    render(<ApiKeys keys={[key(), key({ id: "k2", name: "Sheet", prefix: "rbk_zzzzzz", lastUsedAt: "2026-12-01T08:00:00.000Z" })]} max={10} limits={limits} />);
    expect(screen.getAllByTestId("api-key-row")).toHaveLength(2);
    expect(screen.getByText("rbk_abcdef…")).toBeTruthy();
    expect(screen.getByText("Never")).toBeTruthy();
    expect(screen.getByText("2026-12-01")).toBeTruthy();
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole("button", { name: "Revoke Sheet" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(actions.revokeApiKeyAction).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Revoke Sheet" }));
    await waitFor(() => expect(actions.revokeApiKeyAction).toHaveBeenCalledTimes(1));
    expect((actions.revokeApiKeyAction.mock.calls[0][1] as FormData).get("id")).toBe("k2");
    await waitFor(() => expect(screen.getByText(/Key revoked/)).toBeTruthy());
  });
});
