import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

type Module<P> = { default: ComponentType<P> };

export interface Preloadable<P> {
  /** Renders the module: at once when it has arrived, else the fallback until it does. */
  Component: ComponentType<P>;
  /** Starts loading (once) and resolves when the module is here. */
  preload(): Promise<void>;
}

/**
 * A lazy component that can be fetched ahead of time. It does not suspend: React holds a Suspense
 * reveal back until 300 ms after its fallback was shown, so a screen whose chunk arrives in 20 ms
 * would still wait 300. Instead the fallback is drawn here and the module put in by a plain state
 * update when it arrives, which React draws at once. A chunk that fails is thrown to the nearest
 * error boundary.
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>, fallback: ReactNode = null): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const fetchModule = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed chunk may be fetched again (the next navigation retries).
        loading = undefined;
        throw error;
      },
    ));
  function Component(props: P) {
    const [type, setType] = useState<{ of: ComponentType<P> } | { failed: unknown } | undefined>(() => (loaded ? { of: loaded } : undefined));
    useEffect(() => {
      if (type) return;
      let live = true;
      fetchModule().then(
        (module) => live && setType({ of: module.default }),
        (error: unknown) => live && setType({ failed: error }),
      );
      return () => {
        live = false;
      };
    }, [type]);
    if (!type) return fallback;
    if ('failed' in type) throw type.failed;
    return createElement(type.of, props);
  }
  return { Component, preload: () => fetchModule().then(() => undefined) };
}
