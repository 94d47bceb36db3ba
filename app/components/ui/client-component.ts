import { useEffect, useState, type ComponentType } from "react";

/**
 * A component from a big browser-only library (a `.client` module, which the server build leaves
 * out), fetched once, when a screen first shows it: the pages that do not show it never download
 * it, and those that do are shown and hydrated without waiting for it. Until it has loaded (and on
 * the server) the hook gives null and the caller shows what stands in for it. A failed fetch
 * (offline, a new deployment) is tried again the next time a screen shows it.
 */
export function clientComponent<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return function useClientComponent(): ComponentType<P> | null {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (component) return;
      let current = true;
      start().then(
        (found) => current && setComponent(() => found),
        () => undefined, // the stand-in stays
      );
      return () => {
        current = false;
      };
    }, [component]);
    return component;
  };
}
