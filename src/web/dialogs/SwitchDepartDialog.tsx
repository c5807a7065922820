import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import type { Depart } from '@shared/types';
import { authApi } from '@web/api/auth';
import { translate, useT } from '@web/i18n';
import { useSession } from '@web/stores/session';
import { FormDialog } from './FormDialog';
import { useDialogs } from '../stores/dialogs';

/**
 * 切换部门 (450 wide): loads the user's departments and preselects the current one; with none,
 * a warning instead of the dialog. Confirm needs a choice; the new user info is kept 7 days.
 */
export default function SwitchDepartDialog() {
  const t = useT();
  const username = useSession((state) => state.username);
  const close = useDialogs((state) => state.close);
  const [departs, setDeparts] = useState<Depart[] | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    authApi
      .currentDeparts()
      .then(({ list, orgCode }) => {
        if (!live) return;
        if (list.length === 0) {
          toast.warning(translate('login.noDepart'));
          close();
          return;
        }
        setDeparts(list);
        setChosen(list.some((d) => d.orgCode === orgCode) ? (orgCode ?? '') : '');
      })
      .catch(() => close());
    return () => {
      live = false;
    };
  }, [close]);

  if (!departs) return null;

  const submit = async () => {
    if (!chosen) {
      setError(t('switchDepart.choose'));
      return false;
    }
    const { userInfo } = await authApi.selectDepart(chosen, username ?? '');
    useSession.getState().setUserInfo(userInfo);
    toast.success(t('switchDepart.done', { name: departs.find((d) => d.orgCode === chosen)?.departName ?? chosen }));
    return true;
  };

  return (
    <FormDialog title={t('switchDepart.title')} width={450} testId="switch-depart" onSubmit={submit}>
      <fieldset className="flex flex-col gap-1" aria-label={t('switchDepart.list')}>
        {departs.map((depart) => (
          <label key={depart.orgCode} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-black/5">
            <input
              type="radio"
              name="depart"
              value={depart.orgCode}
              checked={chosen === depart.orgCode}
              autoFocus={chosen === depart.orgCode || (!chosen && depart === departs[0])}
              onChange={() => {
                setChosen(depart.orgCode);
                setError('');
              }}
              className="size-4 accent-[var(--color-primary)]"
            />
            {depart.departName}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="mt-2 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
