import { lazy, Suspense, useEffect, useState } from 'react';
import { useConfirm } from './confirmStore';

export { closeConfirm, openConfirm, useConfirm, type ConfirmRequest } from './confirmStore';

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

/**
 * Mounted once at the app root. The dialog's code (Radix) is fetched with the first
 * confirmation, not on the first screen; it then stays mounted so closing restores focus.
 */
export function ConfirmHost() {
  const asked = useConfirm((state) => state.current !== null);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (asked) setNeeded(true);
  }, [asked]);
  if (!needed && !asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  );
}
