import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

type Bar = { width: number; visible: boolean; animate: boolean };

/** A thin bar at the top that runs from the start of a route change until it completes or fails. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [bar, setBar] = useState<Bar>({ width: 0, visible: false, animate: false });

  useEffect(() => {
    if (busy) {
      setBar({ width: 10, visible: true, animate: true });
      const timer = setInterval(
        () => setBar((b) => ({ ...b, width: Math.min(90, b.width + (90 - b.width) * 0.15) })),
        200,
      );
      return () => clearInterval(timer);
    }
    // Finish at full width and fade out; then reset the width without animating it back.
    setBar((b) => (b.visible ? { width: 100, visible: false, animate: true } : b));
    const reset = setTimeout(() => setBar({ width: 0, visible: false, animate: false }), 400);
    return () => clearTimeout(reset);
  }, [busy]);

  return (
    <div
      aria-hidden="true"
      data-testid="navigation-progress"
      data-busy={busy}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5"
    >
      <div
        className={`h-full bg-primary ${bar.animate ? "transition-[width,opacity] duration-300 ease-out" : ""}`}
        style={{ width: `${bar.width}%`, opacity: bar.visible ? 1 : 0 }}
      />
    </div>
  );
}
