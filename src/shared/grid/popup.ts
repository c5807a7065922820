/** The popup picker's configuration rules and how a picked row fills a form or grid row. */

export interface PopupConfig {
  code: string;
  /** Comma list of the picked row's fields… */
  orgFields: string;
  /** …copied into these fields, one for one. */
  destFields: string;
  /** Several rows may be picked: each destination then holds their values joined by commas. */
  multi?: boolean;
}

const list = (value: string) =>
  value
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);

/** null when usable; otherwise the spec's message. */
export function checkPopupConfig(config: Partial<PopupConfig>): string | null {
  if (!config.code || !config.orgFields || !config.destFields) return 'popup参数未正确配置!';
  if (list(config.orgFields).length !== list(config.destFields).length) return 'popup参数未正确配置,原始值和目标值数量不一致!';
  return null;
}

/**
 * The changes a pick makes: each destination field gets its origin field's value (several
 * picked rows join with commas). No pick (emptying the field) blanks every destination field.
 */
export function popupChanges(config: PopupConfig, picked: readonly Record<string, unknown>[] | null): Record<string, unknown> {
  const origins = list(config.orgFields);
  const destinations = list(config.destFields);
  const changes: Record<string, unknown> = {};
  destinations.forEach((destination, index) => {
    const origin = origins[index]!;
    changes[destination] = picked?.length ? picked.map((row) => row[origin] ?? '').join(',') : null;
  });
  return changes;
}
