import { useEffect, useState } from 'react';
import type { EntitySpec } from '@shared/engine/spec';
import { entityById, runtimeEntities } from '@shared/entities';
import { MASTER_FIELD, onlineEntityId } from '@shared/online/formSpec';
import type { EntityRecord } from '@web/api/entities';
import { useScreenPath } from '@web/menu/currentMenuItem';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { FullPageSpinner } from '@web/components/FullPageSpinner';
import { loadOnlineForms } from '@web/online/onlineForms';
import { useLocale, useT } from '@web/i18n';

/** The screen's declarations: the form, and its detail forms (从表) below it. */
function formsOn(path: string): { master: EntitySpec | undefined; details: EntitySpec[] } {
  const master = entityById(onlineEntityId(path.split('/').pop() ?? ''));
  return { master, details: runtimeEntities().filter((spec) => spec.parent && spec.screen.path === path) };
}

/**
 * A published online form's screen (`/online/cgformList/<id>`): the engine's list screen of its
 * declaration, which arrived with the menu (asked again when the form was published since), and
 * below it the list of each detail form's records of the one master row selected.
 */
export default function OnlineFormScreen() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const path = useScreenPath();
  const [forms, setForms] = useState(() => formsOn(path));
  const [missing, setMissing] = useState(false);
  const [masterRow, setMasterRow] = useState<EntityRecord | null>(null);
  useEffect(() => {
    if (forms.master) return;
    void loadOnlineForms().then(() => {
      const found = formsOn(path);
      if (found.master) setForms(found);
      else setMissing(true);
    });
  }, [path, forms.master]);
  if (missing) return <p className="rounded bg-surface p-6 text-sm text-text-muted">{t('online.formMissing')}</p>;
  if (!forms.master) return <FullPageSpinner />;
  return (
    <div className="flex flex-col gap-3">
      <EntityListScreen spec={forms.master} onSelectionChange={(rows) => setMasterRow(rows.length === 1 ? rows[0]! : null)} />
      {forms.details.map((detail) =>
        masterRow ? (
          <section key={`${detail.id}-${masterRow.id}`} className="flex flex-col gap-1" aria-label={detail.title[locale]}>
            <h2 className="px-1 text-sm font-medium text-text">{detail.title[locale]}</h2>
            <EntityListScreen spec={detail} fixed={{ [MASTER_FIELD]: masterRow.id }} selectionScope={detail.id} height={300} />
          </section>
        ) : (
          <p key={detail.id} className="rounded bg-surface p-4 text-sm text-text-muted" data-testid={`${detail.permissionPrefix}-pick-master`}>
            {t('online.pickMaster', { detail: detail.title[locale], master: forms.master!.title[locale] })}
          </p>
        ),
      )}
    </div>
  );
}
