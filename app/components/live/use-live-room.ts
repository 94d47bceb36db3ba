import { useRevalidator } from "@remix-run/react";
import PartySocket from "partysocket";
import { useEffect, useRef, useState } from "react";
import { eventsOfFrame } from "../../../party/token";
import { RealtimeAccessEnded, RealtimeTokenKeeper, type RenewableConnection } from "./realtime-token";
import { isProgressEvent, ReloadScheduler } from "./reload-policy";

/** `capability`, `expires` and `scheduledSessionId` let the browser renew the token (realtime-token.ts). */
export type RealtimeConnection = RenewableConnection & { host: string; party: string; room: string; clientId?: string };

/**
 * Subscribes to the session's room with a participant's or staff token. The room only relays: on any
 * event, and after every reconnect (events may have been missed), the caller reloads its state.
 */
export function useLiveRoom(
  realtime: RealtimeConnection | null,
  /** `event`: the room event as received (parsed JSON), for a caller that can use what it carries. */
  onChange: (why: "event" | "reconnect", event?: unknown) => void,
  /**
   * Event types that need no reload (default, for a participant: presence is staff's business and
   * "answer.saved" echoes this device's own saves, which its answer queue knows; corrections are
   * staff's business while the session runs). `firstOpen`: also
   * reload when the socket first opens (events may have come between the page load and the connect).
   */
  {
    ignore = ["welcome", "presence", "answer.saved", "correction.changed"],
    firstOpen = false,
  }: { ignore?: readonly string[]; firstOpen?: boolean } = {},
): boolean {
  const [connected, setConnected] = useState(false);
  // The newest token: the page's (each reload brings one) or one renewed before a reconnect.
  const keeperRef = useRef<RealtimeTokenKeeper | null>(null);
  if (realtime) {
    if (keeperRef.current) keeperRef.current.update(realtime);
    else keeperRef.current = new RealtimeTokenKeeper(realtime);
  }
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const ignoreRef = useRef(ignore);
  ignoreRef.current = ignore;
  const firstOpenRef = useRef(firstOpen);
  firstOpenRef.current = firstOpen;
  const room = realtime?.room;
  const host = realtime?.host;
  const party = realtime?.party;

  useEffect(() => {
    if (!room || !host) return;
    // The token is read at every (re)connect: the page's newest, renewed first when it is about to
    // run out or the room revoked it. When the app refuses a new one (logged out, taken off the
    // session), the socket stops and the page reloads, which shows what the account may still see.
    let socket: PartySocket | null = null;
    const query = async () => {
      try {
        return { token: (await keeperRef.current?.tokenForConnect()) ?? "" };
      } catch (error) {
        if (error instanceof RealtimeAccessEnded) {
          socket?.close();
          changeRef.current("reconnect");
        }
        throw error;
      }
    };
    socket = new PartySocket({ host, room, party, query });
    let openedBefore = false;
    const onOpen = () => {
      setConnected(true);
      if (openedBefore || firstOpenRef.current) changeRef.current("reconnect");
      openedBefore = true;
    };
    const onClose = (e: CloseEvent) => {
      keeperRef.current?.closedWith(e.code);
      setConnected(false);
    };
    const onMessage = (e: MessageEvent) => {
      try {
        // Staff get a publish's events in one frame: each is handled as if it came alone.
        for (const event of eventsOfFrame(String(e.data)) as { type?: string }[]) {
          if (event?.type && !ignoreRef.current.includes(event.type)) changeRef.current("event", event);
        }
      } catch {
        /* not ours */
      }
    };
    socket.addEventListener("open", onOpen);
    socket.addEventListener("close", onClose);
    socket.addEventListener("message", onMessage);
    return () => {
      socket?.removeEventListener("open", onOpen);
      socket?.removeEventListener("close", onClose);
      socket?.removeEventListener("message", onMessage);
      socket?.close();
    };
  }, [room, host, party]);

  return connected;
}

/**
 * The staff dashboard's use of the room: reloads the page's data when anything happens there.
 * Events only say "something changed": the database stays the truth, so a missed event costs
 * nothing but the next reload (a slow poll covers a room that is down). Bursts (pause all = one
 * event per participant) become one reload.
 */
const STAFF_IGNORES = ["welcome"] as const;

export function useRoomRevalidation(connection: RealtimeConnection | null, pollMs = 15_000): boolean {
  const { revalidate, state } = useRevalidator();
  const loading = useRef(false);
  loading.current = state !== "idle";
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const scheduler = useRef<ReloadScheduler | null>(null);
  scheduler.current ??= new ReloadScheduler(
    () => revalidateRef.current(),
    () => loading.current,
  );
  // Staff see everything: presence (who is connected) and every save (progress) included.
  const connected = useLiveRoom(
    connection,
    (why, event) => scheduler.current?.request(why === "event" && isProgressEvent(event)),
    {
      ignore: STAFF_IGNORES,
      firstOpen: true,
    },
  );

  const room = connection?.room;
  useEffect(() => {
    if (!room) return;
    const poll = setInterval(() => scheduler.current?.request(true), pollMs);
    return () => {
      clearInterval(poll);
      scheduler.current?.stop();
    };
  }, [room, pollMs]);

  useEffect(() => {
    if (state === "idle") scheduler.current?.loaded();
  }, [state]);
  return connected;
}
