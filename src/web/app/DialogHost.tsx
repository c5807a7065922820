import { lazy, Suspense, type ComponentType } from 'react';
import type { DialogKind } from '@commands/services';
import { webAreas } from '@web/registry/areas';
import { useDialogs } from '../stores/dialogs';
import type { AreaDialogs } from '@commands/services';

/** Each dialog is its own chunk: the first screen does not carry the forms. */
const PRODUCT_DIALOGS: Record<Exclude<DialogKind, keyof AreaDialogs>, ComponentType<Partial<Record<string, string>>>> = {
  entityForm: lazy(() => import('@web/engine/EntityFormDialog')),
  downloads: lazy(() => import('../dialogs/DownloadCentreDialog')),
  userForm: lazy(() => import('../dialogs/UserFormDialog')),
  schoolForm: lazy(() => import('../dialogs/SchoolFormDialog')),
  announcementForm: lazy(() => import('../dialogs/AnnouncementFormDialog')),
  upload: lazy(() => import('../dialogs/UploadDialog')),
  filePreview: lazy(() => import('../dialogs/FilePreviewDialog')),
  resetPassword: lazy(() => import('../dialogs/ResetPasswordDialog')),
  roleAuthorize: lazy(() => import('../dialogs/AuthorizeDialog').then((m) => ({ default: m.RoleAuthorizeDialog }))),
  departAuthorize: lazy(() => import('../dialogs/AuthorizeDialog').then((m) => ({ default: m.DepartAuthorizeDialog }))),
  departRoleAuthorize: lazy(() => import('../dialogs/AuthorizeDialog').then((m) => ({ default: m.DepartRoleAuthorizeDialog }))),
  departRoles: lazy(() => import('../dialogs/DepartRolesDialog')),
  departUserRoles: lazy(() => import('../dialogs/DepartUserRolesDialog')),
  departForm: lazy(() => import('../dialogs/DepartFormDialog')),
  permissionForm: lazy(() => import('../dialogs/PermissionFormDialog')),
  dataRules: lazy(() => import('../dialogs/DataRulesDialog')),
  changePassword: lazy(() => import('../dialogs/ChangePasswordDialog')),
  switchDepart: lazy(() => import('../dialogs/SwitchDepartDialog')),
  openAccount: lazy(() => import('../dialogs/cardOffice/OpenAccountDialog')),
  replacementReceipt: lazy(() => import('../dialogs/cardOffice/ReplacementReceiptDialog')),
  terminalKey: lazy(() => import('../dialogs/cardOffice/TerminalKeyDialog')),
  accountStatement: lazy(() => import('../dialogs/cardOffice/AccountStatementDialog')),
  resolvePending: lazy(() => import('../dialogs/cardOffice/ResolvePendingDialog')),
  memberDept: lazy(() => import('../dialogs/MemberDeptDialog')),
  refPicker: lazy(() => import('@web/engine/RefPickerDialog')),
  reportPopup: lazy(() => import('../dialogs/ReportPopupDialog')),
  flowAction: lazy(() => import('@web/engine/FlowActionDialog')),
  recordHistory: lazy(() => import('@web/engine/RecordHistoryDialog')),
  recordPrint: lazy(() => import('@web/engine/RecordPrintDialog')),
  mealOrderPlace: lazy(() => import('../dialogs/meals/MealOrderPlaceDialog')),
};

let all: Readonly<Record<string, ComponentType<Partial<Record<string, string>>>>> | null = null;

/** The product's dialogs and the areas' (each lazily, its own chunk). */
const dialogs = () =>
  (all ??= {
    ...PRODUCT_DIALOGS,
    ...Object.fromEntries(webAreas().flatMap((area) => Object.entries(area.dialogs ?? {}).map(([kind, load]) => [kind, lazy(load)]))),
  });

/** Renders the open dialogs, the top one last; mounted once in the signed-in layout. */
export function DialogHost() {
  const stack = useDialogs((state) => state.stack);
  // Each dialog waits for its own chunk: one still loading (a picker opened over a form for the
  // first time) must not hide the dialogs below it, which would lose their focus.
  return stack.map((dialog) => {
    const Dialog = dialogs()[dialog.kind]!;
    // A new key per opening: a dialog opened twice starts from a clean form.
    return (
      <Suspense key={`dialog-${dialog.id}`} fallback={null}>
        <Dialog {...dialog.props} />
      </Suspense>
    );
  });
}
