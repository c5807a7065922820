/**
 * What a payment channel's callback signs (HMAC-SHA256 with the channel's key, lower-case hex in
 * `X-Signature`): `outTradeNo|providerTxnId|amount|paidAt`, amount in cents. Shared by the server
 * and the tests that play the channel.
 */
export function paymentSigningText(callback: { outTradeNo: string; providerTxnId: string; amount: number; paidAt: string }): string {
  return `${callback.outTradeNo}|${callback.providerTxnId}|${callback.amount}|${callback.paidAt}`;
}
