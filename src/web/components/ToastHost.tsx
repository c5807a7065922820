import { lazy, Suspense, useEffect } from 'react';
import { toasterMounted } from '@web/lib/toast';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

function Mounted() {
  // Runs after the toaster's own effects, so it listens by then.
  useEffect(() => toasterMounted(), []);
  return null;
}

/** The toaster, in its own chunk: fetched beside the first screen, not before it. */
export function ToastHost() {
  return (
    <Suspense fallback={null}>
      {/* Below the header and the tab strip: a toast never covers the user menu or the tabs. */}
      <Toaster position="top-right" offset={{ top: 124, right: 24 }} richColors closeButton />
      <Mounted />
    </Suspense>
  );
}
