/**
 * The rules every declaration keeps, as data: code-declared entities are held to them by the unit
 * tests, and an online form a school designs is refused while it breaks one. Each problem is
 * worded for the designer (both languages).
 */
import { checkPopupConfig } from '../grid/popup';
import { FIELD_TYPES, type EntitySpec, type Titles } from './spec';

/** Field keys the engine answers itself beside a record's fields. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  'id',
  'tenantId',
  'sysOrgCode',
  'createBy',
  'createTime',
  'createdAt',
  'updateBy',
  'updateTime',
  'updatedAt',
  'delFlag',
  'data',
  'formId',
  'masterId',
]);

export function specProblems(spec: EntitySpec): Titles[] {
  const problems: Titles[] = [];
  const keys = spec.fields.map((field) => field.key);
  const seen = new Set<string>();
  for (const field of spec.fields) {
    const name = field.title['zh-CN'];
    if (seen.has(field.key)) problems.push({ 'zh-CN': `字段名「${field.key}」重复`, en: `The field name "${field.key}" is there twice` });
    seen.add(field.key);
    if (!(FIELD_TYPES as readonly string[]).includes(field.type)) problems.push({ 'zh-CN': `字段「${name}」的类型不正确`, en: `Field "${field.title.en}" has an unknown type` });
    if (field.type === 'dict' && !field.dict) problems.push({ 'zh-CN': `字典字段「${name}」须填写字典编码`, en: `Field "${field.title.en}" takes its values from a dictionary: name it` });
    if (field.type === 'ref' && !field.ref) problems.push({ 'zh-CN': `引用字段「${name}」须选择引用对象`, en: `Field "${field.title.en}" is a reference: choose what it refers to` });
    if (field.type === 'popup' && !field.popup) problems.push({ 'zh-CN': `弹窗字段「${name}」须填写弹窗报表`, en: `Field "${field.title.en}" is a popup: name its report` });
    if (field.popup) {
      const wrong = checkPopupConfig(field.popup);
      if (wrong) problems.push({ 'zh-CN': `字段「${name}」：${wrong}`, en: `Field "${field.title.en}": ${wrong}` });
      else
        for (const destination of field.popup.destFields.split(',').map((part) => part.trim()))
          if (!keys.includes(destination))
            problems.push({ 'zh-CN': `字段「${name}」的填入字段「${destination}」不是表单的字段`, en: `Field "${field.title.en}" fills "${destination}", which is not a field of the form` });
    }
    if (field.total && field.type !== 'number' && field.type !== 'money')
      problems.push({ 'zh-CN': `字段「${name}」不是数字，不能合计`, en: `Field "${field.title.en}" is not a number: it cannot be summed` });
  }
  if (!keys.includes(spec.labelField)) problems.push({ 'zh-CN': `名称字段「${spec.labelField}」不存在`, en: `The label field "${spec.labelField}" does not exist` });
  if (![...keys, 'createTime'].includes(spec.defaultSort.field))
    problems.push({ 'zh-CN': `排序字段「${spec.defaultSort.field}」不存在`, en: `The sort field "${spec.defaultSort.field}" does not exist` });
  return problems;
}
