/**
 * Palette index build and filter latency per keystroke over 5,000 synthetic entries with pinyin
 * keys (median and p95 printed). Target: under 4 ms median per keystroke on the 2-core machine.
 */
import { performance } from 'node:perf_hooks';
import { buildSearchKeys, createRanker, loadPinyin, type SearchKeys } from '../../src/web/palette/search';
import { summarise } from './stats';

// Characters of real menu titles, polyphones (行, 长, 重, 乐) included.
const CHARS =
  '用户角色部门菜单字典日志定时任务系统通告文件管理卡片账户人员请假停餐补助毕业评分学费访客业主类型折扣设备下发家长名单余额活动门禁授权进出记录考勤供应商食材库存采购出库退货食堂档口餐桌套菜品分类自助规则白配置合并缴费学年学期到期账单水电物业充值消费统计报表终端消息模板短信通知安防视频亲情通话成员商铺信息车辆投诉客户房屋资讯租售维修挪手市场话题行长重乐银';
const WORDS = ['users', 'roles', 'cards', 'canteens', 'payments', 'reports', 'devices', 'messages', 'shops', 'property', 'records', 'settings'];

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const random = seeded(42);
const pick = <T>(list: readonly T[] | string) => list[Math.floor(random() * list.length)]!;

interface Entry {
  title: string;
  keys: SearchKeys;
}

const N = 5000;
const titles = Array.from({ length: N }, () => {
  const length = 2 + Math.floor(random() * 7);
  let title = '';
  for (let i = 0; i < length; i += 1) title += pick(CHARS);
  return { zh: title, en: `${pick(WORDS)} ${pick(WORDS)} ${Math.floor(random() * 1000)}`, parent: `${pick(CHARS)}${pick(CHARS)}管理` };
});

await loadPinyin();
const buildStarted = performance.now();
const entries: Entry[] = titles.map((t) => ({
  title: t.zh,
  keys: buildSearchKeys(t.zh, [
    { text: t.en, weight: 0.95 },
    { text: t.parent, weight: 0.3 },
  ]),
}));
const buildMs = performance.now() - buildStarted;

// Each query typed one character at a time, as a user would.
const QUERIES = ['yonghuguanli', 'yhgl', '用户管理', '用户gl', 'caidan', 'shitang', 'xingzheng', 'cards', 'zzz'];
const perKeystroke: number[] = [];
let results = 0;
const ranker = createRanker(entries, (e) => e.keys);
for (let round = 0; round < 3; round += 1) {
  for (const query of QUERIES) {
    for (let i = 1; i <= query.length; i += 1) {
      const t0 = performance.now();
      results += ranker(query.slice(0, i)).length;
      perKeystroke.push(performance.now() - t0);
    }
  }
}
// The first letter of a query scans the whole index: reported on its own.
const firstLetter: number[] = [];
for (const query of QUERIES) {
  const fresh = createRanker(entries, (e) => e.keys);
  const t0 = performance.now();
  fresh(query.slice(0, 1));
  firstLetter.push(performance.now() - t0);
}

const { median, p95, max } = summarise(perKeystroke);
console.log(`palette: ${N} entries`);
console.log(`  index build: ${buildMs.toFixed(1)} ms (${((buildMs / N) * 1000).toFixed(1)} µs per entry)`);
console.log(`  filter per keystroke: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${max.toFixed(2)} ms over ${perKeystroke.length} keystrokes (${results} results shown)`);
const first = summarise(firstLetter);
console.log(`  first letter (full scan): median ${first.median.toFixed(2)} ms, p95 ${first.p95.toFixed(2)} ms`);
console.log(`  target: median under 4 ms — ${median < 4 ? 'met' : 'NOT met'}`);
