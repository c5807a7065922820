import { describe, expect, it } from 'vitest';
import { entities } from '@shared/entities';
import { CARD_OFFICE_ENTITIES } from '@shared/cardOffice';
import { changedKinds } from '@web/api/changes';

describe('which lists a change request reloads', () => {
  it("reloads an entity's lists after a change through its API, and nothing else's", () => {
    for (const spec of entities()) {
      for (const action of ['add', 'edit', 'delete', 'deleteBatch', 'importExcel']) expect(changedKinds(`${spec.api}/${action}`), `${spec.id} ${action}`).toContain(spec.id);
    }
    expect(changedKinds('/meals/canteen/add')).toEqual(['meals.canteen']);
    // A prefix of another API is not that API (/meals/store is not /meals/storeX).
    expect(changedKinds('/meals/canteenX/add')).toEqual([]);
  });

  it('reloads every card-office list after a money or card operation, whatever the route', () => {
    for (const url of ['/memb/account/recharge', '/memb/card/replace', '/pay/consume/refund', '/memb/account/close?x=1'])
      expect(changedKinds(url).sort()).toEqual(expect.arrayContaining([...CARD_OFFICE_ENTITIES]));
    expect(changedKinds('/sys/user/frozenBatch')).toEqual(['users']);
    expect(changedKinds('/sys/login')).toEqual([]);
  });
});
