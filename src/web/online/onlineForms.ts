import { addCommands } from '@commands/index';
import { entityCommands } from '@commands/entities';
import type { EntitySpec } from '@shared/engine/spec';
import { addRuntimeEntity } from '@shared/entities';
import { get } from '@web/api/client';

/** The school's published online forms the user may open, registered like the console's own entities (their screens, forms and commands). */
export async function loadOnlineForms(): Promise<void> {
  let specs: EntitySpec[];
  try {
    specs = await get<EntitySpec[]>('/online/cgform/api/specs', undefined, { silent: true });
  } catch {
    // The console works without them; the forms' screens ask again.
    return;
  }
  for (const spec of specs) {
    addRuntimeEntity(spec);
    addCommands(entityCommands(spec));
  }
}
