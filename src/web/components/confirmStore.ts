/** The pending confirmation: asked from anywhere (React or not), answered by the confirmation dialog. */
import { create } from 'zustand';
import { rememberFocus } from '@web/lib/focus';
import { dialogClosed, holdForDialog } from '@web/lib/typeAhead';

export interface ConfirmRequest {
  title: string;
  description: string;
  okText?: string;
  cancelText?: string;
  hideCancel?: boolean;
  resolve(ok: boolean): void;
}

export const useConfirm = create<{ current: ConfirmRequest | null }>()(() => ({ current: null }));

/** Asks the user; resolves true on OK, false on cancel or Esc. Usable outside React. */
export function openConfirm(request: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
  rememberFocus();
  // An Enter pressed with the command is the confirmation's, once it shows.
  holdForDialog();
  return new Promise((resolve) => {
    useConfirm.getState().current?.resolve(false);
    useConfirm.setState({ current: { ...request, resolve } });
  });
}

/** Answers the pending confirmation. */
export function closeConfirm(ok: boolean): void {
  const { current } = useConfirm.getState();
  useConfirm.setState({ current: null });
  dialogClosed();
  current?.resolve(ok);
}
