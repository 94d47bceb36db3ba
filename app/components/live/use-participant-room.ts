import PartySocket from "partysocket";
import { useEffect, useRef, useState } from "react";

export type ParticipantRoomConnection = { token: string; host: string; party: string; room: string; clientId: string };

/**
 * Subscribes to the session's room with the participant's token. The room only relays: on any
 * event, and after every reconnect (events may have been missed), the caller reloads its state.
 */
export function useParticipantRoom(realtime: ParticipantRoomConnection | null, onChange: (why: "event" | "reconnect") => void): boolean {
  const [connected, setConnected] = useState(false);
  const tokenRef = useRef(realtime?.token);
  tokenRef.current = realtime?.token;
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const room = realtime?.room;
  const host = realtime?.host;
  const party = realtime?.party;

  useEffect(() => {
    if (!room || !host) return;
    // The token is read at every (re)connect, so a token renewed by a reload is used next time.
    const socket = new PartySocket({ host, room, party, query: () => ({ token: tokenRef.current ?? "" }) });
    let openedBefore = false;
    const onOpen = () => {
      setConnected(true);
      if (openedBefore) changeRef.current("reconnect");
      openedBefore = true;
    };
    const onClose = () => setConnected(false);
    const onMessage = (e: MessageEvent) => {
      try {
        const event = JSON.parse(String(e.data)) as { type?: string };
        // Presence is for staff; "answer.saved" echoes this device's own saves (the queue knows them).
        if (event.type && event.type !== "presence" && event.type !== "answer.saved") changeRef.current("event");
      } catch {
        /* not ours */
      }
    };
    socket.addEventListener("open", onOpen);
    socket.addEventListener("close", onClose);
    socket.addEventListener("message", onMessage);
    return () => {
      socket.removeEventListener("open", onOpen);
      socket.removeEventListener("close", onClose);
      socket.removeEventListener("message", onMessage);
      socket.close();
    };
  }, [room, host, party]);

  return connected;
}
