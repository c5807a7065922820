import { useEffect, useState } from 'react';
import { entityById } from '@shared/entities';
import { onlineEntityId } from '@shared/online/formSpec';
import { useScreenPath } from '@web/app/currentMenuItem';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { FullPageSpinner } from '@web/components/FullPageSpinner';
import { loadOnlineForms } from '@web/online/onlineForms';
import { useT } from '@web/i18n';

/**
 * A published online form's screen (`/online/cgformList/<id>`): the engine's list screen of its
 * declaration, which arrived with the menu (asked again when the form was published since).
 */
export default function OnlineFormScreen() {
  const t = useT();
  const path = useScreenPath();
  const id = onlineEntityId(path.split('/').pop() ?? '');
  const [spec, setSpec] = useState(() => entityById(id));
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (spec) return;
    void loadOnlineForms().then(() => {
      const found = entityById(id);
      if (found) setSpec(found);
      else setMissing(true);
    });
  }, [id, spec]);
  if (missing) return <p className="rounded bg-surface p-6 text-sm text-text-muted">{t('online.formMissing')}</p>;
  if (!spec) return <FullPageSpinner />;
  return <EntityListScreen spec={spec} />;
}
