import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { HOME_PATH } from '@shared/constants';
import { findCommand, isPermitted } from '@commands/index';
import { useCommandContext, useRunCommand } from '@web/components/commandPort';
import { fill, useLocale, useT } from '@web/i18n';

type Outcome = { kind: 'running' } | { kind: 'unknown' } | { kind: 'forbidden' };

/**
 * `/do/<commandId>?arg=value`: runs a command from a link after sign-in. No permission or an
 * unknown id: a clear message and nothing runs. Missing arguments open the palette on them.
 */
export default function DeepLink() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const { commandId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const ctx = useCommandContext();
  const run = useRunCommand();
  const command = findCommand(commandId);
  const [outcome, setOutcome] = useState<Outcome>(() => (!command ? { kind: 'unknown' } : !isPermitted(command, ctx) ? { kind: 'forbidden' } : { kind: 'running' }));
  // A link runs once, even when React mounts twice in development.
  const ranFor = useRef<string | null>(null);

  useEffect(() => {
    if (!command || ranFor.current === location.key) return;
    ranFor.current = location.key;
    if (!isPermitted(command, ctx)) {
      setOutcome({ kind: 'forbidden' });
      return;
    }
    const args = Object.fromEntries(params.entries());
    // Leave the link's URL first, so the command acts on a real page (and history has no /do/):
    // its own screen when it has one (a record command opens its dialog over its list).
    navigate(command.screen ?? HOME_PATH, { replace: true });
    window.setTimeout(() => void run(command, args, { fromLink: true }), 0);
  }, [command, ctx, location.key, navigate, params, run]);

  return (
    <section className="rounded bg-surface p-6" data-testid="deep-link" role={outcome.kind === 'running' ? 'status' : 'alert'}>
      {outcome.kind === 'running' && command ? (
        <p>
          {t('deeplink.running')}
          {command.title[locale]}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          {outcome.kind === 'forbidden' && command ? (
            // Which action and which permission, as the palette's `!` says it: the user knows what to ask for.
            <>
              <p className="text-base font-medium text-danger">{fill(t('deeplink.forbiddenAction'), { action: command.title[locale] })}</p>
              {command.permission ? (
                <p className="text-sm" data-testid="deep-link-permission">
                  {t('palette.requires')}
                  <code className="rounded bg-canvas px-1">{command.permission}</code>
                </p>
              ) : null}
              <p className="text-sm text-text-muted">{fill(t('deeplink.forbiddenAsk'), { action: command.title[locale] })}</p>
            </>
          ) : (
            <p className="text-base font-medium text-danger">{`${t('deeplink.unknown')}${commandId}`}</p>
          )}
          <Link to={HOME_PATH} className="text-primary-strong hover:text-primary-strong">
            {t('common.backHome')}
          </Link>
        </div>
      )}
    </section>
  );
}
