import type { FlowActionSpec, FlowSpec } from '@shared/engine/flow';
import type { FieldSpec } from '@shared/engine/spec';

/**
 * The steps every supply bill shares (DOMAIN.md §5), on its 审核状态 (audit_status: 0 草稿 · 1 待审核
 * · 2 已审核 · 3 已驳回 · 4 已作废): 提交, 审核 by another person than its maker and submitter, 驳回
 * with a reason, 作废 before audit; edited and deleted only as a draft or once rejected. A bill
 * declares its own 审核 (what it posts) and its further steps (验收入库, 供应商确认…).
 */
export interface BillFlow<Steps extends readonly FlowActionSpec[] = readonly FlowActionSpec[]> {
  /** The bill in words for the palette: its English noun and pinyin (`purchase`, `caigou`). */
  noun: string;
  pinyin: string;
  /** Its status fields: 审核状态, then its business progress (入库状态…). */
  status: readonly string[];
  /** Its 审核: title, states and words over the shared one (its id, its input and its effect are the shared ones). */
  audit: Pick<FlowActionSpec, 'title' | 'confirm' | 'done'> & Partial<Omit<FlowActionSpec, 'id' | 'input' | 'effect'>>;
  /** Steps after 驳回 and before 作废, in the order the row menu offers them. */
  steps?: Steps;
  /** Bills handled in numbers (purchases, issues): 提交 takes several rows at once, and sits in the toolbar. */
  queue?: boolean;
}

const DRAFT_OR_REJECTED = ['0', '3'] as const;
/** Who may not check a bill: whoever made it or submitted it. */
const MAKERS = ['createBy', 'submitBy'] as const;

/** 审核's note, and 驳回's reason. */
const AUDIT_INPUT = [{ key: 'auditOpinion', type: 'text', title: { 'zh-CN': '审核意见', en: 'Audit note' }, max: 200 }] as const satisfies readonly FieldSpec[];
const REJECT_INPUT = [{ key: 'auditOpinion', type: 'text', title: { 'zh-CN': '驳回原因', en: 'Reason' }, required: true, max: 200 }] as const satisfies readonly FieldSpec[];

/** A bill's flow as its actions' server functions see it: the shared steps' ids and inputs, and the bill's own steps as declared. */
export type BillFlowSpec<Steps extends readonly FlowActionSpec[]> = FlowSpec & {
  actions: readonly (
    | (FlowActionSpec & { id: 'submit' | 'void' })
    | (FlowActionSpec & { id: 'audit'; input: typeof AUDIT_INPUT; effect: true })
    | (FlowActionSpec & { id: 'reject'; input: typeof REJECT_INPUT; effect: true })
    | Steps[number]
  )[];
};

export function billFlow<const Steps extends readonly FlowActionSpec[] = readonly []>({ noun, pinyin, status, audit, steps, queue = false }: BillFlow<Steps>): BillFlowSpec<Steps> {
  const words = (verb: string, ...more: string[]) => [noun, verb, pinyin, ...more];
  return {
    status,
    editable: { auditStatus: DRAFT_OR_REJECTED },
    actions: [
      {
        id: 'submit',
        title: { 'zh-CN': '提交', en: 'Submit' },
        from: { auditStatus: DRAFT_OR_REJECTED },
        to: { auditStatus: '1' },
        stamps: { by: 'submitBy', at: 'submitTime' },
        confirm: { 'zh-CN': '提交后等待审核，不能再修改。', en: 'Once submitted it waits for audit and cannot be changed.' },
        done: { 'zh-CN': '已提交审核', en: 'Submitted for audit' },
        icon: 'send',
        keywords: words('submit', 'tijiao'),
        ...(queue ? { many: true, toolbar: true } : {}),
      },
      {
        id: 'audit',
        from: { auditStatus: ['1'] },
        to: { auditStatus: '2' },
        notBy: MAKERS,
        stamps: { by: 'auditBy', at: 'auditTime' },
        input: AUDIT_INPUT,
        effect: true,
        icon: 'shield-check',
        keywords: words('audit', 'shenhe', 'approve'),
        ...audit,
      },
      {
        id: 'reject',
        title: { 'zh-CN': '驳回', en: 'Reject' },
        from: { auditStatus: ['1'] },
        to: { auditStatus: '3' },
        notBy: MAKERS,
        stamps: { by: 'auditBy', at: 'auditTime' },
        input: REJECT_INPUT,
        confirm: { 'zh-CN': '驳回后制单人可修改后重新提交。', en: 'The maker may change it and submit it again.' },
        done: { 'zh-CN': '已驳回', en: 'Rejected' },
        effect: true,
        icon: 'undo-2',
        keywords: words('reject', 'bohui'),
      },
      ...(steps ?? []),
      {
        id: 'void',
        title: { 'zh-CN': '作废', en: 'Void' },
        from: { auditStatus: DRAFT_OR_REJECTED },
        to: { auditStatus: '4' },
        confirm: { 'zh-CN': '作废后单据保留但不再处理。', en: 'A voided bill is kept but no longer handled.' },
        done: { 'zh-CN': '已作废', en: 'Voided' },
        icon: 'trash-2',
        keywords: words('void', 'cancel', 'zuofei'),
      },
    ],
  };
}
