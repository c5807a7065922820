import { describe, expect, it } from 'vitest';
import { GLOSSARY } from '@shared/glossary';
import { entities, FLOW_ONLY } from '@shared/entities';
import { menu } from '@shared/menu';
import { dictionaries } from '@server/db/seed/dictionaries';
import { REPORT_TABS, FUND_COLUMNS } from '@shared/reports';
import { REPORT_TITLES, reportColumns, TAB_TITLES } from '@shared/reportColumns';
import { dictionaryEnglish } from '@server/db/seed/dictionaryEnglish';
import { zhCN as zh } from '@web/i18n/zh-CN';
import { en } from '@web/i18n/en';

type Pair = { where: string; zh: string; en: string };

/** Every text the product shows in both languages: titles, menus, dictionary items and the catalogue. */
function pairs(): Pair[] {
  const out: Pair[] = [];
  for (const spec of [...entities(), ...FLOW_ONLY]) {
    out.push({ where: `${spec.id}`, zh: spec.title['zh-CN'], en: spec.title.en }, { where: `${spec.id} screen`, zh: spec.screen.title['zh-CN'], en: spec.screen.title.en });
    for (const field of spec.fields) out.push({ where: `${spec.id}.${field.key}`, zh: field.title['zh-CN'], en: field.title.en });
    for (const action of spec.flow?.actions ?? []) out.push({ where: `${spec.id} ${action.id}`, zh: action.title['zh-CN'], en: action.title.en });
  }
  for (const area of menu()) {
    out.push({ where: `menu ${area.path}`, zh: area.title, en: area.titleEn });
    for (const screen of area.screens ?? []) out.push({ where: `menu ${screen.path}`, zh: screen.title, en: screen.titleEn });
  }
  // The statistics reports and their PDFs and workbooks: every tab of every kind.
  for (const column of FUND_COLUMNS) out.push({ where: `fund ${column.key}`, zh: column.title['zh-CN'], en: column.title.en });
  for (const tab of REPORT_TABS)
    for (const kind of Object.keys(REPORT_TITLES) as (keyof typeof REPORT_TITLES)[]) {
      out.push({ where: `report ${tab}`, zh: TAB_TITLES[tab]['zh-CN'], en: TAB_TITLES[tab].en });
      for (const column of reportColumns(tab, kind)) out.push({ where: `report ${tab}.${column.key}`, zh: column.title['zh-CN'], en: column.title.en });
    }
  const english = dictionaryEnglish();
  for (const dictionary of dictionaries())
    for (const [value, text] of dictionary.items) {
      const word = english[dictionary.code]?.[value];
      if (word) out.push({ where: `dictionary ${dictionary.code}.${value}`, zh: text, en: word });
    }
  for (const [key, text] of Object.entries(zh)) {
    const word = (en as Record<string, string>)[key];
    if (word) out.push({ where: `i18n ${key}`, zh: text, en: word });
  }
  return out;
}

describe('one English word for each business term', () => {
  it('no text calls a term of the glossary by another word', () => {
    const off: string[] = [];
    for (const pair of pairs())
      for (const term of GLOSSARY) {
        // As a word: “charge record” is not in “Recharge record”.
        const wrong = pair.zh.includes(term.zh) ? term.not.find((word) => new RegExp(`(^|[^a-z])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(pair.en.toLowerCase())) : undefined;
        if (wrong) off.push(`${pair.where}: ${pair.zh} → ${pair.en} (${term.zh} is “${term.en}”, not “${wrong}”)`);
      }
    expect(off).toEqual([]);
  });
});
