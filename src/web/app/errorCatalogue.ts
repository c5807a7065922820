import { toast } from '@web/lib/toast';
import { STORAGE_KEYS } from '@shared/constants';
import { translate } from '@web/i18n';
import { local } from '@web/lib/storage';
import { openConfirm } from '@web/components/dialogs';
import { clearLocalSession } from '@web/stores/session';
import type { ApiError } from '../api/errors';

let expiredDialogOpen = false;

/** JeecgBoot's ended session: a 500 whose message says so, in either language the server answers in. */
const SESSION_ENDED = /Token失效|^Your session has ended/;

/** Shows a failure as the spec's error catalogue says (notification title 系统提示). */
export function handleApiError(error: ApiError): void {
  const title = translate('common.notice');
  const hasToken = Boolean(local.get<string>(STORAGE_KEYS.token));
  switch (error.status) {
    case 403:
      toast.error(title, { description: translate('http.forbidden') });
      return;
    case 404:
      toast.error(title, { description: translate('http.notFound') });
      return;
    case 504:
      toast.error(title, { description: translate('http.timeout') });
      return;
    case 401:
      toast.error(title, { description: translate('http.unauthorized') });
      if (hasToken) {
        clearLocalSession();
        window.setTimeout(() => window.location.reload(), 1500);
      }
      return;
    case 0:
      toast.error(title, { description: translate('http.network') });
      return;
  }
  if (error.status === 500 && hasToken && SESSION_ENDED.test(error.message)) {
    if (expiredDialogOpen) return;
    expiredDialogOpen = true;
    void openConfirm({
      title: translate('http.expiredTitle'),
      description: translate('http.expiredBody'),
      okText: translate('http.expiredOk'),
      hideCancel: true,
    }).then(() => {
      expiredDialogOpen = false;
      clearLocalSession();
      const path = window.location.pathname;
      if (path !== '/' && !path.startsWith('/user/login')) window.location.reload();
    });
    return;
  }
  toast.error(title, { description: error.message });
}
