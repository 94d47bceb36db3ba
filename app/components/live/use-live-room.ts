import { useRevalidator } from "@remix-run/react";
import PartySocket from "partysocket";
import { useEffect, useRef } from "react";

export type RoomConnection = {
  token: string;
  host: string;
  party: string;
  room: string;
};

/**
 * Listens to the session's room and reloads the page's data when anything happens there. Events
 * only say "something changed": the database stays the truth, so a missed event costs nothing but
 * the next reload (a slow poll covers a room that is down).
 */
export function useLiveRoom(connection: RoomConnection | null, pollMs = 15_000): void {
  const { revalidate, state } = useRevalidator();
  const busy = useRef(false);
  const pending = useRef(false);
  busy.current = state !== "idle";

  useEffect(() => {
    if (!connection) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      // Coalesce bursts (pause all = one event per participant) into one reload.
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        if (busy.current) pending.current = true;
        else revalidate();
      }, 150);
    };
    const socket = new PartySocket({
      host: connection.host,
      party: connection.party,
      room: connection.room,
      query: { token: connection.token },
    });
    socket.addEventListener("message", (event) => {
      try {
        const message = JSON.parse(String(event.data)) as { type?: string };
        if (message.type !== "welcome") refresh();
      } catch {
        /* not ours */
      }
    });
    // After a reconnect events may have been missed: reload once.
    socket.addEventListener("open", refresh);
    const poll = setInterval(refresh, pollMs);
    return () => {
      socket.close();
      clearInterval(poll);
      if (timer) clearTimeout(timer);
    };
    // The token changes on every load; the room and host identify the connection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection?.host, connection?.room]);

  useEffect(() => {
    if (state === "idle" && pending.current) {
      pending.current = false;
      revalidate();
    }
  }, [state, revalidate]);
}
