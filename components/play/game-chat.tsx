"use client";
import { useId, useState } from "react";
import { muteChatAction, reportChatAction, sendChatAction, showSpectatorChatAction, unmuteChatUserAction } from "@/lib/play/chat-actions";
import { CHAT_MAX, CHAT_PRESETS, CHAT_REPORT_MAX, type ChatMessageDTO, type ChatRoom, type ChatSettingsDTO } from "@/lib/play/chat";
import type { ChatRooms } from "./use-play-stream";

const timeFormat = new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit" });

/** What a room's panel needs to know of its reader. */
interface Reader {
  code: string;
  signedIn: boolean;
  muted: Map<string, string>;
  mute: (m: ChatMessageDTO) => void;
}

/** The form that writes to a room: a labelled line with a counter, and one-tap presets for phones. */
function Composer({ code, room, label }: { code: string; room: ChatRoom; label: string }) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const post = async (body: string) => {
    setBusy(true);
    setError(null);
    try {
      const r = await sendChatAction({ code, room, body });
      if (r.ok) setText("");
      else setError(r.message);
    } catch {
      setError("Could not reach the server: try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void post(text);
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block text-xs font-medium text-slate-700">
            {label}
          </label>
          <input id={id} className="input w-full" value={text} maxLength={CHAT_MAX} onChange={(e) => setText(e.target.value)} autoComplete="off" aria-describedby={`${id}-count`} data-testid={`chat-input-${room}`} />
        </div>
        <span id={`${id}-count`} className="text-xs text-slate-500" aria-label={`${text.length} of ${CHAT_MAX} characters`}>
          {text.length}/{CHAT_MAX}
        </span>
        <button type="submit" className="btn-primary" disabled={busy || text.trim() === ""} data-testid={`chat-send-${room}`}>
          Send
        </button>
      </form>
      <div className="flex flex-wrap gap-1" role="group" aria-label="Quick messages">
        {CHAT_PRESETS.filter((p) => room === "players" || p !== "Your move").map((p) => (
          <button key={p} type="button" className="btn-secondary px-2 py-1 text-xs" disabled={busy} onClick={() => void post(p)}>
            {p}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700" data-testid="chat-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** One message: the author and the text (plain text, never HTML), with mute and report for other people's. */
function Message({ m, reader }: { m: ChatMessageDTO; reader: Reader }) {
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const id = useId();
  const canAct = reader.signedIn && !m.mine && m.authorId !== null;
  const report = async () => {
    const r = await reportChatAction({ messageId: m.id, reason });
    setNote(r.ok ? (r.message ?? "Reported.") : r.message);
    if (r.ok) setReporting(false);
  };
  return (
    <li className="text-sm" data-testid="chat-message">
      <span className="font-semibold">{m.mine ? "You" : m.authorName}</span> <span className="text-xs text-slate-500">{timeFormat.format(new Date(m.at))}</span>
      <span className="block break-words">{m.body}</span>
      {canAct && (
        <span className="flex gap-2 text-xs">
          <button type="button" className="text-blue-700 underline" onClick={() => reader.mute(m)}>
            Mute {m.authorName}
          </button>
          <button type="button" className="text-blue-700 underline" aria-expanded={reporting} onClick={() => setReporting((x) => !x)}>
            Report
          </button>
        </span>
      )}
      {reporting && (
        <form
          className="mt-1 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void report();
          }}
        >
          <label htmlFor={id} className="text-xs">
            Why report this message?
          </label>
          <input id={id} className="input min-w-0 flex-1" value={reason} maxLength={CHAT_REPORT_MAX} onChange={(e) => setReason(e.target.value)} required />
          <button type="submit" className="btn-secondary text-xs" disabled={reason.trim() === ""}>
            Send report
          </button>
        </form>
      )}
      {note && (
        <span className="block text-xs text-slate-600" role="status">
          {note}
        </span>
      )}
    </li>
  );
}

/** One room: its heading, its messages (or an empty state), and its composer or why one cannot write. */
function Room({ room, title, messages, reader, write }: { room: ChatRoom; title: string; messages: ChatMessageDTO[] | undefined; reader: Reader; write: { label: string } | { why: React.ReactNode } }) {
  const id = useId();
  const shown = (messages ?? []).filter((m) => m.authorId === null || !reader.muted.has(m.authorId));
  return (
    <section aria-labelledby={id} className="panel space-y-2 p-3" data-testid={`chat-${room}`}>
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      {messages === undefined ? (
        <p className="text-sm text-slate-600">Connecting to the chat…</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol className="max-h-64 space-y-2 overflow-y-auto" aria-live="polite" aria-label={`${title}: messages`} tabIndex={0}>
          {shown.map((m) => (
            <Message key={m.id} m={m} reader={reader} />
          ))}
        </ol>
      )}
      {"label" in write ? <Composer code={reader.code} room={room} label={write.label} /> : <p className="text-xs text-slate-600">{write.why}</p>}
    </section>
  );
}

/**
 * The chat of a game (docs/play.md "Chat"): a player sees the players' room
 * and may show the spectators' room beside it (read only); a spectator sees
 * the spectators' room and writes in it when signed in.
 */
export function GameChat({ code, seat, rooms, signedIn, settings }: { code: string; seat: number | null; rooms: ChatRooms; signedIn: boolean; settings: ChatSettingsDTO | null }) {
  const [muted, setMuted] = useState(() => new Map((settings?.muted ?? []).map((m) => [m.id, m.name])));
  const [showSpectators, setShowSpectators] = useState(settings?.showSpectators ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const mute = async (m: ChatMessageDTO) => {
    const r = await muteChatAction({ messageId: m.id, mute: true });
    if (r.ok) setMuted((x) => new Map(x).set(r.data.authorId, m.authorName));
    else setProblem(r.message);
  };
  const unmute = async (id: string) => {
    const r = await unmuteChatUserAction({ userId: id });
    if (!r.ok) return setProblem(r.message);
    setMuted((x) => {
      const n = new Map(x);
      n.delete(id);
      return n;
    });
  };
  const reader: Reader = { code, signedIn, muted, mute: (m) => void mute(m) };
  const signIn = (
    <>
      <a className="text-blue-700 underline" href={`/signin?callbackUrl=${encodeURIComponent(`/play/g/${code}`)}`}>
        Sign in
      </a>{" "}
      to write in the spectators&apos; chat.
    </>
  );
  return (
    <div className="mt-4 grid gap-3 md:grid-cols-2" aria-label="Chat">
      {seat !== null ? (
        <>
          <Room room="players" title="Players' chat" messages={rooms.players} reader={reader} write={{ label: "Message to your opponent" }} />
          <div className="space-y-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={showSpectators}
                onChange={(e) => {
                  setShowSpectators(e.target.checked);
                  void showSpectatorChatAction({ show: e.target.checked });
                }}
              />
              Show the spectators&apos; chat
            </label>
            {showSpectators && <Room room="spectators" title="Spectators' chat" messages={rooms.spectators} reader={reader} write={{ why: "Players write in the players' chat." }} />}
          </div>
        </>
      ) : (
        <Room room="spectators" title="Spectators' chat" messages={rooms.spectators} reader={reader} write={signedIn ? { label: "Message to the other spectators" } : { why: signIn }} />
      )}
      {(muted.size > 0 || problem) && (
        <div className="text-xs text-slate-600 md:col-span-2">
          {problem && (
            <p role="alert" className="text-red-700">
              {problem}
            </p>
          )}
          {muted.size > 0 && (
            <p>
              Muted:{" "}
              {[...muted].map(([id, name]) => (
                <button key={id} type="button" className="mr-2 underline" onClick={() => void unmute(id)}>
                  Unmute {name}
                </button>
              ))}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
