import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef } from 'react';
import { restoreFocus } from '@web/lib/focus';
import { translate } from '@web/i18n';
import { closeConfirm, useConfirm } from './confirmStore';
import { Button } from './ui/Button';

/**
 * The pending confirmation, if any. It opens on 确定, so
 * Enter confirms and Esc cancels; focus then goes back where it was.
 */
export default function ConfirmDialog() {
  const current = useConfirm((state) => state.current);
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog.Root open={current !== null} onOpenChange={(open) => !open && closeConfirm(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/45" />
        <AlertDialog.Content
          className="fixed top-[30%] left-1/2 z-50 w-[416px] max-w-[calc(100vw-32px)] -translate-x-1/2 rounded-md bg-surface p-6 shadow-xl"
          data-testid="confirm"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            ok.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus();
          }}
        >
          <AlertDialog.Title className="text-base font-medium text-text">{current?.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-text">{current?.description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            {current?.hideCancel ? null : (
              <AlertDialog.Cancel asChild>
                <Button onClick={() => closeConfirm(false)}>{current?.cancelText ?? translate('common.cancel')}</Button>
              </AlertDialog.Cancel>
            )}
            <AlertDialog.Action asChild>
              <Button ref={ok} variant="primary" onClick={() => closeConfirm(true)}>
                {current?.okText ?? translate('common.ok')}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
