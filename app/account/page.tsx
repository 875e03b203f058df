import type { Metadata } from "next";
import Link from "next/link";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { getMyAccount } from "@/lib/accounts/data/account";
import { AccountSection } from "@/components/accounts/account-section";
import { ChangePasswordForm } from "@/components/accounts/change-password-form";
import { DeleteAccountForm } from "@/components/accounts/delete-account-form";
import { DisplayNameForm } from "@/components/accounts/display-name-form";
import { SignOutEverywhereForm } from "@/components/accounts/sign-out-everywhere-form";
import { FormMessage } from "@/components/ui/field";
import { getTurnMailPreference } from "@/lib/play/data/notifications";
import { TurnMailForm } from "@/components/play/turn-mail-form";
import { listMyApiKeys } from "@/lib/api/data/keys";
import { MAX_API_KEYS } from "@/lib/api/keys";
import { limitsInWords } from "@/lib/api/openapi";
import { ApiKeys } from "@/components/api/api-keys";
import { getPullRateOptIn } from "@/lib/census/data/pull-rates";
import { MIN_CONTRIBUTORS } from "@/lib/census/pull-rates";
import { PullRateOptInForm } from "@/components/census/pull-rate-opt-in";

export const metadata: Metadata = { title: "Your account", robots: { index: false } };

/** The signed-in user's account: one AccountSection per feature, in this order. */
export default async function AccountPage({ searchParams }: { searchParams: Promise<{ changed?: string }> }) {
  const me = await requireUserOrRedirect("/account");
  const [account, turnMail, apiKeys, pullRates] = await Promise.all([getMyAccount(me), getTurnMailPreference(me), listMyApiKeys(me), getPullRateOptIn(me)]);
  const { changed } = await searchParams;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Your account</h1>
      <FormMessage tone="success" message={changed === "password" ? "Your password was changed. Every other session has ended." : undefined} />
      <AccountSection id="profile" title="Profile">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Email</dt>
          <dd data-testid="account-email">{account.email}</dd>
          <dt className="font-semibold">Role</dt>
          <dd>{account.role === "admin" ? "Admin" : "Player"}</dd>
          <dt className="font-semibold">Member since</dt>
          <dd>{account.createdAt.slice(0, 10)}</dd>
          <dt className="font-semibold">Author page</dt>
          <dd>
            <Link href={`/authors/${me.id}`} className="text-blue-700 underline">
              Your public decks
            </Link>
          </dd>
        </dl>
        <DisplayNameForm current={account.displayName} />
      </AccountSection>
      <AccountSection id="password" title="Change password" description="Changing your password ends every other session of this account.">
        <ChangePasswordForm />
      </AccountSection>
      <AccountSection
        id="sessions"
        title="Sessions"
        description="Signed in on a computer you no longer use? This ends every session of this account, on every device, this one too."
      >
        <SignOutEverywhereForm />
      </AccountSection>
      <AccountSection id="notifications" title="Game notifications" description="A mail goes out when a correspondence game comes to your move, unless you have the game open.">
        <TurnMailForm on={turnMail} />
      </AccountSection>
      <AccountSection id="api-keys" title="API keys" description="For bots, fan sites and spreadsheets that read Ringbinder's public API with a higher rate limit.">
        <ApiKeys keys={apiKeys} max={MAX_API_KEYS} limits={limitsInWords()} />
      </AccountSection>
      <AccountSection id="pull-rates" title="Pull rates" description="Set pages estimate how often each rarity turns up in a booster pack from the packs collectors log. Off unless you opt in.">
        <PullRateOptInForm on={pullRates} minimum={MIN_CONTRIBUTORS} />
      </AccountSection>
      <AccountSection
        id="export"
        title="Export all my data"
        description="One JSON file with your account, your collection in full (binders, each copy's condition, language, printing, purchase price, date and note, deck reservations), pack history, every deck with all its versions, your lab runs, census submissions and votes, trades, old card suggestions, likes and comments."
      >
        <a href="/api/account/export" className="btn-secondary inline-block" download>
          Download my data (JSON)
        </a>
      </AccountSection>
      <AccountSection id="delete" title="Delete my account" description="This cannot be undone. Download your data first if you may want it back.">
        <DeleteAccountForm />
      </AccountSection>
    </div>
  );
}
