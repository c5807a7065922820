import { translate } from '@web/i18n';

/** Shown while the guard decides or the permissions load. */
export function FullPageSpinner() {
  return (
    <div className="flex h-full items-center justify-center" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary" />
      <span className="sr-only">{translate('common.loading')}</span>
    </div>
  );
}
