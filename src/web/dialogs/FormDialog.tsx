import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@web/components/ui/Button';
import { DialogHeader } from '@web/components/ui/DialogHeader';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { restoreFocus } from '@web/lib/focus';
import { useDialogs } from '../stores/dialogs';

export interface FormDialogProps {
  title: string;
  /** The spec's widths: 800 for change password, 450 for the department switcher… */
  width: number;
  children: ReactNode;
  /** Resolves true when done (the dialog closes), false to stay open (the form shows why). */
  onSubmit(): Promise<boolean>;
  okText?: string;
  testId: string;
  /** Disables OK (nothing to submit yet). */
  okDisabled?: boolean;
  /** Printed alone, without its frame and buttons (a receipt): everything else is hidden on paper. */
  printable?: boolean;
  /** Only shows something (a history): one button, which closes it. */
  readOnly?: boolean;
  /** A button before OK (a wizard's 上一步). */
  back?: { text: string; onClick(): void };
}

/**
 * A modal form: Enter submits, Esc or Cancel closes, OK shows progress and stays disabled while
 * the request runs, so one keypress saves once.
 */
export function FormDialog({ title, width, children, onSubmit, okText, testId, okDisabled, printable, readOnly, back }: FormDialogProps) {
  const t = useT();
  const close = useDialogs((state) => state.close);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refocus = useRef(false);
  // Still open after OK with what was typed in gone (a result shown instead): the keyboard lands on OK
  // (enabled again by now), not on the page behind.
  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    const form = formRef.current;
    if (form && !form.contains(document.activeElement)) form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [busy]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || okDisabled) return;
    setBusy(true);
    try {
      if (await onSubmit()) close();
      else refocus.current = true;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/45 print:hidden" />
        <Dialog.Content
          className={cn(
            'fixed top-[8vh] left-1/2 z-50 flex max-h-[84vh] max-w-[calc(100vw-24px)] -translate-x-1/2 flex-col rounded-md bg-surface shadow-2xl',
            printable && 'print:static print:max-h-none print:translate-x-0 print:shadow-none',
          )}
          data-printable={printable || undefined}
          style={{ width }}
          data-testid={testId}
          aria-describedby={undefined}
          // Opened with nothing focused inside (no field asks for it, a confirmation): the keyboard lands on
          // the first field, else on OK — never on the close button, where Enter would only close it.
          onOpenAutoFocus={(event) => {
            const form = formRef.current;
            const target =
              form?.querySelector<HTMLElement>('[data-form-body] :is(input, select, textarea, [role="combobox"]):not([disabled], [type="hidden"])') ??
              form?.querySelector<HTMLButtonElement>('button[type="submit"]:not([disabled])');
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          // The last dialog closing gives focus back where it came from (a dialog below keeps its own).
          onCloseAutoFocus={(event) => {
            if (useDialogs.getState().stack.length > 0) return;
            event.preventDefault();
            restoreFocus();
          }}
          // Esc inside a sub-table's grid cancels the cell being edited, not the whole form.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest('[data-keeps-keys]')) event.preventDefault();
          }}
        >
          <form
            ref={formRef}
            onSubmit={(event) => void submit(event)}
            // Ctrl+Enter submits from any field — a select's list or a text area keeps plain Enter for itself.
            onKeyDownCapture={(event) => {
              if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
              event.preventDefault();
              event.stopPropagation();
              formRef.current?.requestSubmit();
            }}
            className="flex min-h-0 flex-col"
            noValidate
          >
            <div className={cn('border-b border-border px-6 py-4', printable && 'print:hidden')}>
              <DialogHeader title={title} />
            </div>
            <div className="min-h-0 overflow-y-auto px-6 py-5" data-form-body>
              {children}
            </div>
            <div className={cn('flex justify-end gap-2 border-t border-border px-6 py-3', printable && 'print:hidden')}>
              {readOnly ? null : <Button onClick={close}>{t('common.cancel')}</Button>}
              {back ? (
                <Button onClick={back.onClick} disabled={busy} data-testid={`${testId}-back`}>
                  {back.text}
                </Button>
              ) : null}
              <Button type="submit" variant="primary" disabled={busy || okDisabled} data-testid={`${testId}-ok`}>
                {busy ? t('common.loading') : (okText ?? t('common.ok'))}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
