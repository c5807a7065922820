/**
 * What a payment channel's callback signs (HMAC-SHA256 with the channel's key, lower-case hex in
 * `X-Signature`): `outTradeNo|providerTxnId|amount|paidAt`, amount in cents. Shared by the server
 * and the tests that play the channel.
 */
export function paymentSigningText(callback: { outTradeNo: string; providerTxnId: string; amount: number; paidAt: string }): string {
  return `${callback.outTradeNo}|${callback.providerTxnId}|${callback.amount}|${callback.paidAt}`;
}

/** 学费管理's fee items (fee_item) as 缴费记录's items (pay_item): 学费, 住宿费 and 伙食费 are their own; 教材费, 校服费, 保险费 … are 其他. */
export const PAY_ITEM_OF_FEE: Readonly<Record<string, string>> = { '1': '1', '2': '7', '5': '5' };
export const payItemOfFee = (feeType: string): string => PAY_ITEM_OF_FEE[feeType] ?? '9';
