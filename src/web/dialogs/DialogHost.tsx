import { lazy, Suspense, type ComponentType } from 'react';
import type { DialogKind } from '@commands/services';
import { useDialogs } from './store';

/** Each dialog is its own chunk: the first screen does not carry the forms. */
const DIALOGS: Record<DialogKind, ComponentType<Partial<Record<string, string>>>> = {
  entityForm: lazy(() => import('@web/engine/EntityFormDialog')),
  downloads: lazy(() => import('./DownloadCentreDialog')),
  userForm: lazy(() => import('./UserFormDialog')),
  schoolForm: lazy(() => import('./SchoolFormDialog')),
  announcementForm: lazy(() => import('./AnnouncementFormDialog')),
  upload: lazy(() => import('./UploadDialog')),
  filePreview: lazy(() => import('./FilePreviewDialog')),
  resetPassword: lazy(() => import('./ResetPasswordDialog')),
  roleAuthorize: lazy(() => import('./AuthorizeDialog').then((m) => ({ default: m.RoleAuthorizeDialog }))),
  departAuthorize: lazy(() => import('./AuthorizeDialog').then((m) => ({ default: m.DepartAuthorizeDialog }))),
  departRoleAuthorize: lazy(() => import('./AuthorizeDialog').then((m) => ({ default: m.DepartRoleAuthorizeDialog }))),
  departRoles: lazy(() => import('./DepartRolesDialog')),
  departUserRoles: lazy(() => import('./DepartUserRolesDialog')),
  departForm: lazy(() => import('./DepartFormDialog')),
  permissionForm: lazy(() => import('./PermissionFormDialog')),
  dataRules: lazy(() => import('./DataRulesDialog')),
  changePassword: lazy(() => import('./ChangePasswordDialog')),
  switchDepart: lazy(() => import('./SwitchDepartDialog')),
  openAccount: lazy(() => import('./cardOffice/OpenAccountDialog')),
  recharge: lazy(() => import('./cardOffice/RechargeDialog')),
  replaceCard: lazy(() => import('./cardOffice/ReplaceCardDialog')),
  returnCard: lazy(() => import('./cardOffice/ReturnCardDialog')),
  cancelReplacement: lazy(() => import('./cardOffice/CancelReplacementDialog')),
  replacementReceipt: lazy(() => import('./cardOffice/ReplacementReceiptDialog')),
  adjustAccount: lazy(() => import('./cardOffice/AdjustAccountDialog')),
  terminalKey: lazy(() => import('./cardOffice/TerminalKeyDialog')),
  videoPlayback: lazy(() => import('./VideoPlaybackDialog')),
  reverseRecharge: lazy(() => import('./cardOffice/ReverseRechargeDialog')),
  refundConsumption: lazy(() => import('./cardOffice/RefundDialog')),
  closeAccount: lazy(() => import('./cardOffice/CloseAccountDialog')),
  accountStatement: lazy(() => import('./cardOffice/AccountStatementDialog')),
  counterPayment: lazy(() => import('./cardOffice/CounterPaymentDialog')),
  resolvePending: lazy(() => import('./cardOffice/ResolvePendingDialog')),
  memberDept: lazy(() => import('./MemberDeptDialog')),
  refPicker: lazy(() => import('@web/engine/RefPickerDialog')),
  reportPopup: lazy(() => import('./ReportPopupDialog')),
  flowAction: lazy(() => import('@web/engine/FlowActionDialog')),
  recordHistory: lazy(() => import('@web/engine/RecordHistoryDialog')),
  recordPrint: lazy(() => import('@web/engine/RecordPrintDialog')),
  stockLedger: lazy(() => import('./supply/StockLedgerDialog')),
  mealOrderPlace: lazy(() => import('./meals/MealOrderPlaceDialog')),
  propertyGenerate: lazy(() => import('./payments/PropertyGenerateDialog')),
};

/** Renders the open dialogs, the top one last; mounted once in the signed-in layout. */
export function DialogHost() {
  const stack = useDialogs((state) => state.stack);
  // Each dialog waits for its own chunk: one still loading (a picker opened over a form for the
  // first time) must not hide the dialogs below it, which would lose their focus.
  return stack.map((dialog) => {
    const Dialog = DIALOGS[dialog.kind];
    // A new key per opening: a dialog opened twice starts from a clean form.
    return (
      <Suspense key={`dialog-${dialog.id}`} fallback={null}>
        <Dialog {...dialog.props} />
      </Suspense>
    );
  });
}
