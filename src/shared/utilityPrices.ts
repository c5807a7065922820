/**
 * 水费 and 电费 from a meter's usage (DOMAIN.md §7): water at one price a ton; electricity by tiers
 * (阶梯电价) — each kWh priced by the tier it falls in, a tier starting at its `from`. Usage is in
 * thousandths of a unit, prices in cents a unit; the bill is rounded to the cent once, at the end.
 */
export interface PriceTier {
  /** Units (吨, 度) from which this tier's price applies; the first tier starts at 0. */
  from: number;
  price: number;
}

export function utilityAmount(usageMilli: number, tiers: readonly PriceTier[]): number {
  const sorted = [...tiers].sort((a, b) => a.from - b.from);
  let milliCents = 0;
  sorted.forEach((tier, index) => {
    const start = tier.from * 1000;
    const end = index + 1 < sorted.length ? sorted[index + 1]!.from * 1000 : Infinity;
    const inTier = Math.max(0, Math.min(usageMilli, end) - start);
    milliCents += inTier * tier.price;
  });
  return Math.round(milliCents / 1000);
}

/** The tiers in words for the bill: 0–200 度 0.56 元；200–400 度 0.61 元；400 度以上 0.86 元. */
export function tiersText(tiers: readonly PriceTier[], unit: string): string {
  const sorted = [...tiers].sort((a, b) => a.from - b.from);
  if (sorted.length === 1) return `${(sorted[0]!.price / 100).toFixed(2)} 元/${unit}`;
  return sorted
    .map((tier, index) => {
      const next = sorted[index + 1];
      const range = next ? `${tier.from}–${next.from} ${unit}` : `${tier.from} ${unit}以上`;
      return `${range} ${(tier.price / 100).toFixed(2)} 元`;
    })
    .join('；');
}

/**
 * A bill's stored price note (tiersText's Chinese, kept as it was when billed) in English:
 * "3.50 元/吨" → "¥3.50/t", "0–200 度 0.56 元；400 度以上 0.86 元" → "0–200 kWh ¥0.56; over 400 kWh ¥0.86".
 * The units are given as [Chinese, English] pairs; a text of another shape is returned as it is.
 */
export function tiersTextInEnglish(text: string, units: readonly (readonly [string, string])[]): string {
  const unit = (zh: string) => units.find(([chinese]) => chinese === zh)?.[1];
  const parts = text.split('；').map((part) => {
    const single = /^(\d+\.\d{2}) 元\/(\S+)$/.exec(part);
    if (single && unit(single[2]!)) return `¥${single[1]}/${unit(single[2]!)}`;
    const range = /^(\d+)–(\d+) (\S+) (\d+\.\d{2}) 元$/.exec(part);
    if (range && unit(range[3]!)) return `${range[1]}–${range[2]} ${unit(range[3]!)} ¥${range[4]}`;
    const above = /^(\d+) (\S+?)以上 (\d+\.\d{2}) 元$/.exec(part);
    if (above && unit(above[2]!)) return `over ${above[1]} ${unit(above[2]!)} ¥${above[3]}`;
    return undefined;
  });
  return parts.every((part) => part !== undefined) ? parts.join('; ') : text;
}
