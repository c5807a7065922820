import { useMemo } from 'react';
import { hiddenColumns } from '@shared/permissions';
import { usePermissions } from '@web/stores/permissions';

/** The data columns under `prefix` (`user:col:`) hidden from the signed-in user, by the shared rule. */
export function useHiddenColumns(prefix: string | undefined): ReadonlySet<string> {
  const auth = usePermissions((state) => state.auth);
  const allAuth = usePermissions((state) => state.allAuth);
  return useMemo(() => (prefix ? hiddenColumns(prefix, auth, allAuth) : new Set<string>()), [prefix, auth, allAuth]);
}
