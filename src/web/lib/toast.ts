import type { toast as sonnerToast } from 'sonner';

type Kind = 'success' | 'error' | 'warning' | 'info';

let hostReady: () => void = () => undefined;
// Resolves once the toaster is on the page: a toast sent before it would be lost.
const ready = new Promise<void>((resolve) => {
  hostReady = resolve;
});

/** Called by the toast host once its toaster listens. */
export function toasterMounted(): void {
  hostReady();
}

function later<K extends Kind>(kind: K) {
  return (...args: Parameters<(typeof sonnerToast)[K]>): void => {
    void Promise.all([import('sonner'), ready]).then(([{ toast }]) => {
      (toast[kind] as (...call: typeof args) => unknown)(...args);
    });
  };
}

/**
 * Toasts, with sonner fetched after the first screen instead of on it. The same calls as
 * sonner's `toast.success|error|warning|info`.
 */
export const toast = { success: later('success'), error: later('error'), warning: later('warning'), info: later('info') };
