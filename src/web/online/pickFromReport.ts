import type { PopupConfig } from '@shared/grid/popup';
import type { ReportRow } from '@web/api/onlineReports';
import { useDialogs } from '@web/stores/dialogs';

/**
 * Opens the report popup picker of a popup's report (one row, or several when `multi`); resolves
 * the chosen rows, or null when it was closed without. A form's popups pass their form's group
 * (their answers shared for 30 s).
 */
export async function pickFromReport(popup: PopupConfig, groupId?: string): Promise<readonly ReportRow[] | null> {
  const rows = (await useDialogs.getState().open('reportPopup', { code: popup.code, multi: popup.multi ? '1' : '0', ...(groupId ? { groupId } : {}) })) as ReportRow[] | undefined;
  return rows?.length ? rows : null;
}
