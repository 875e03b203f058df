"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import type { PlayMessage } from "@/lib/play/types";
import type { Move } from "@/lib/play/protocol";
import type { ChatMessageDTO, ChatRoom } from "@/lib/play/chat";
import { decodeMessage, wireDecoder, type WireMessage } from "@/lib/play/wire";

/** The chat rooms the stream carries for this recipient: the latest messages of each (absent: not sent to this recipient). */
export type ChatRooms = Partial<Record<ChatRoom, ChatMessageDTO[]>>;

export type StreamState =
  | { kind: "connecting" }
  | { kind: "waiting" }
  | { kind: "live"; message: PlayMessage }
  | { kind: "ended"; message: string };

/**
 * The game's stream (Server-Sent Events) and its actions (POST). EventSource
 * reconnects by itself after a drop; every (re)connection starts with the
 * current view, so a reload, another tab or another device shows the same
 * seat. An action carries the seq of the view it was chosen on; a stale one
 * is refused by the server and the view already on its way replaces it.
 */
export function usePlayStream(code: string) {
  const [state, setState] = useState<StreamState>({ kind: "connecting" });
  const [online, setOnline] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [chat, setChat] = useState<ChatRooms>({});
  const last = useRef<PlayMessage | null>(null);
  const router = useRouter();

  useEffect(() => {
    let waited = false;
    const es = new EventSource(`/api/play/${encodeURIComponent(code)}/stream`);
    // the messages come in their wire form (lib/play/wire.ts): each (re)connection starts with a whole one
    const wire = wireDecoder();
    es.onopen = () => setOnline(true);
    es.onerror = () => setOnline(false);
    es.addEventListener("view", (e) => {
      const m = decodeMessage(wire, JSON.parse((e as MessageEvent<string>).data) as WireMessage);
      // the second player sat down while this page waited: the page's invite panel goes
      if (waited) {
        waited = false;
        router.refresh();
      }
      last.current = m;
      setState({ kind: "live", message: m });
      setOnline(true);
    });
    es.addEventListener("waiting", (e) => {
      const w = JSON.parse((e as MessageEvent<string>).data) as { status: string; players: number };
      waited = true;
      // the game was withdrawn: the page says so
      if (w.status !== "waiting") router.refresh();
      else setState({ kind: "waiting" });
    });
    // a room's latest messages (the players' room reaches only the two players' streams)
    es.addEventListener("chat", (e) => {
      const c = JSON.parse((e as MessageEvent<string>).data) as { room: ChatRoom; messages: ChatMessageDTO[] };
      setChat((prev) => ({ ...prev, [c.room]: c.messages }));
    });
    es.addEventListener("problem", (e) => {
      const p = JSON.parse((e as MessageEvent<string>).data) as { code: string; message: string };
      if (p.code === "auth/session-ended") {
        es.close();
        setState({ kind: "ended", message: p.message });
      } else setError(p.message);
    });
    return () => es.close();
  }, [code, router]);

  const send = useCallback(
    async (move: Move) => {
      const m = last.current;
      if (!m) return;
      setSending(true);
      setError(null);
      try {
        const res = await fetch(`/api/play/${encodeURIComponent(code)}/action`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ seq: m.seq, move }),
        });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
          // a stale action: the newer view is on its way, nothing to tell the player
          if (body?.error?.code !== "play/stale") setError(body?.error?.message ?? `The server answered ${res.status}.`);
        }
      } catch {
        setError("Could not reach the server: check your connection and try again.");
      } finally {
        setSending(false);
      }
    },
    [code],
  );

  return { state, online, error, sending, send, chat, clearError: () => setError(null) };
}
