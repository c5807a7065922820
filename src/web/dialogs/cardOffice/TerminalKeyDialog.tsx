import { useState } from 'react';
import { terminal } from '@shared/entities/devices/terminal';
import type { EntitySpec } from '@shared/engine/spec';
import { entityById } from '@shared/entities';
import { post } from '@web/api/client';
import { Button } from '@web/components/ui/Button';
import { Input } from '@web/components/ui/Input';
import { useT } from '@web/i18n';
import { copyToClipboard } from '@web/lib/browser';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field } from '../fields';
import { useRecord } from './shared';

/** The product's own device that signs with a key of its own; an area's device names its record and route (`entity`, `route`). */
const TERMINAL: { spec: EntitySpec; route: string } = { spec: terminal, route: '/dev/device/issueKey' };

/** 生成密钥 of a terminal, a door controller, a family phone or a camera: asks first (the old key stops working), then shows the new key this once, to copy. */
export default function TerminalKeyDialog({ id, entity, route }: Partial<Record<'id' | 'entity' | 'route', string>>) {
  const t = useT();
  const named = entity && route ? entityById(entity) : undefined;
  const keyed = named ? { spec: named, route: route! } : TERMINAL;
  const device = useRecord(keyed.spec, id);
  const [secret, setSecret] = useState<string | null>(null);
  const submit = async () => {
    if (secret) return true;
    try {
      setSecret((await post<{ secret: string }>(keyed.route, { id })).secret);
    } catch {
      return true;
    }
    return false;
  };
  return (
    <FormDialog title={t('terminalKey.title')} width={560} testId="terminal-key" onSubmit={submit} okText={secret ? t('common.ok') : t('terminalKey.issue')}>
      {secret ? (
        <Field label={t('terminalKey.key')}>
          <div className="flex gap-2">
            <Input readOnly value={secret} className="h-8 flex-1 font-mono" aria-label={t('terminalKey.key')} data-testid="terminal-key-value" onFocus={(event) => event.target.select()} autoFocus />
            <Button
              onClick={() =>
                void copyToClipboard(secret).then(
                  () => toast.success(t('terminalKey.copied')),
                  () => undefined,
                )
              }
            >
              {t('terminalKey.copy')}
            </Button>
          </div>
          <p className="text-[13px] text-danger">{t('terminalKey.once')}</p>
        </Field>
      ) : (
        <p className="text-sm">{t('terminalKey.question', { serial: String(device?.serialNo ?? '…') })}</p>
      )}
    </FormDialog>
  );
}
