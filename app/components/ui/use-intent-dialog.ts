import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { IntentResult } from "~/lib/intent-action.server";

/**
 * The state every dialog that posts one intent to its screen's action shares: open/closed, a fresh
 * fetcher per opening (so a reopened dialog does not show the last refusal), and closing once the
 * server said ok. `rootProps` goes on the radix Dialog/AlertDialog root.
 */
export function useIntentDialog(fetcherKey: string) {
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const fetcher = useFetcher<IntentResult>({ key: `${fetcherKey}-${round}` });
  const { pathname } = useLocation();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setOpen(false);
  }, [fetcher.state, result]);
  const onOpenChange = (next: boolean) => {
    if (next) setRound((r) => r + 1);
    setOpen(next);
  };
  return { fetcher, result, round, action: pathname, rootProps: { open, onOpenChange } };
}
