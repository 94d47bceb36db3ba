import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** Reloads the page's data once every queued tick is on the server (scores and completion follow). */
export function useReloadWhenSaved(waiting: number) {
  const { revalidate } = useRevalidator();
  const before = useRef(waiting);
  useEffect(() => {
    if (before.current > 0 && waiting === 0) revalidate();
    before.current = waiting;
  }, [waiting, revalidate]);
}
