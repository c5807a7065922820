import type { AppContext } from '../../context';
import type { EntityHooks } from '../../crud/registerEntity';

/** Any change to a dictionary or its items: every instance forgets the texts and colours it keeps. */
export const dictionaryHooks = ({ dictionaries }: AppContext): EntityHooks => ({
  afterChange: () => dictionaries.changed(),
});
