-- 卡余额's source: each account's wallets with its holder and current card (the newest one not
-- cancelled, else the newest), the spendable total and the last posting.
CREATE VIEW "v_account_balance" AS
SELECT a."id", a."tenant_id", a."del_flag", m."member_no", m."real_name", m."dept_id", m."member_type_id",
  c."card_no", c."card_status", a."account_status",
  a."cash_cents", a."subsidy_cents", a."gift_cents", a."deposit_cents",
  a."cash_cents" + a."subsidy_cents" + a."gift_cents" AS "balance_cents",
  (SELECT max(t."posted_at") FROM "fin_txn" t WHERE t."account_id" = a."id") AS "last_txn_at"
FROM "memb_account" a
JOIN "memb_member" m ON m."id" = a."member_id"
LEFT JOIN LATERAL (
  SELECT k."card_no", k."card_status" FROM "memb_card" k
  WHERE k."account_id" = a."id"
  ORDER BY (k."card_status" = '4'), k."create_time" DESC
  LIMIT 1
) c ON true;
