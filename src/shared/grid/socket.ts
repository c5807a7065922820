/** The table websocket's messages (/vxeSocket/{userId}/{pageId}) and how an update merges (pure). */

export const VXE_SOCKET = {
  heartbeatMs: 10_000,
  heartbeatTimeoutMs: 6_000,
  reconnectMs: 5_000,
  defaultSocketKey: 'vxe-default',
} as const;

export type TableSocketMessage =
  | { type: 'heart_beat'; data: unknown }
  | { type: 'update_vxe_table'; data: { socketKey: string; args: [row: Record<string, unknown>, caseId: string] } }
  | { type: 'common_send_date'; data: { key: string; args: unknown[] } };

/** Parses a frame; anything that is not a known message is null (and ignored). */
export function parseTableMessage(text: string): TableSocketMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { type, data } = value as { type?: unknown; data?: unknown };
  if (type === 'heart_beat') return { type, data };
  if (type === 'update_vxe_table') {
    const payload = data as { socketKey?: unknown; args?: unknown } | null;
    if (!payload || typeof payload.socketKey !== 'string' || !Array.isArray(payload.args)) return null;
    const [row, caseId] = payload.args as [unknown, unknown];
    if (!row || typeof row !== 'object' || !('id' in row)) return null;
    return { type, data: { socketKey: payload.socketKey, args: [row as Record<string, unknown>, typeof caseId === 'string' ? caseId : ''] } };
  }
  if (type === 'common_send_date') {
    const payload = data as { key?: unknown; args?: unknown } | null;
    if (!payload || typeof payload.key !== 'string') return null;
    return { type, data: { key: payload.key, args: Array.isArray(payload.args) ? payload.args : [] } };
  }
  return null;
}

/**
 * Applies an update to the rows of one table instance: merges the changed fields into the row
 * with the same id; ignored when it came from this instance (same caseId). A row carrying
 * tug_status has that field merged too. Returns null when nothing changed.
 */
export function mergeRowUpdate<T extends { id: unknown }>(rows: readonly T[], update: Record<string, unknown>, fromCaseId: string, ownCaseId: string): T[] | null {
  if (fromCaseId && fromCaseId === ownCaseId) return null;
  const index = rows.findIndex((row) => String(row.id) === String(update.id));
  if (index < 0) return null;
  const current = rows[index]!;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (key === 'id') continue;
    if (key === 'tug_status' && value && typeof value === 'object' && current && typeof (current as Record<string, unknown>).tug_status === 'object') {
      merged.tug_status = { ...((current as Record<string, unknown>).tug_status as object), ...(value as object) };
    } else {
      merged[key] = value;
    }
  }
  const next = rows.slice();
  next[index] = merged as T;
  return next;
}
