import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** A thin bar at the top that runs from the start of a route change until it completes or fails. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!busy) {
      setProgress((p) => (p === 0 ? 0 : 100));
      const reset = setTimeout(() => setProgress(0), 250);
      return () => clearTimeout(reset);
    }
    setProgress(10);
    const timer = setInterval(() => setProgress((p) => Math.min(90, p + (90 - p) * 0.15)), 200);
    return () => clearInterval(timer);
  }, [busy]);

  return (
    <div
      aria-hidden={!busy}
      data-testid="navigation-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5"
    >
      <div
        className="h-full bg-primary transition-all duration-200 ease-out"
        style={{ width: `${progress}%`, opacity: progress === 0 ? 0 : 1 }}
      />
    </div>
  );
}
