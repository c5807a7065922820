/**
 * The product's areas, each a package in its own folder (`src/areas/<id>/` with `shared/`, `server/`
 * and `web/` manifests). Adding an area is its folder and one line here. The order is the order of
 * references: an area comes after the areas whose records it names.
 */
export const AREAS = ['access', 'supply', 'calls', 'shops', 'security', 'activities', 'property'] as const;

export type AreaId = (typeof AREAS)[number];
