import { createElement, lazy, useState, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

export interface Preloadable<P> {
  /** Renders the module: at once when it has arrived, else through Suspense like `lazy`. */
  Component: ComponentType<P>;
  /** Starts loading (once) and resolves when the module is here. */
  preload(): Promise<void>;
}

/**
 * A lazy component that can be fetched ahead of time. Once fetched it renders without
 * suspending: React holds a Suspense reveal back up to 300 ms after a fallback was shown, so a
 * chunk fetched in parallel with the request before it would otherwise still cost that wait.
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>): Preloadable<P> {
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
  const Lazy = lazy(fetchModule);
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module would remount it.
    const [Type] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Type, props);
  }
  return { Component, preload: () => fetchModule().then(() => undefined) };
}
