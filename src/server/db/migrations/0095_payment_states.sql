-- 缴费记录 has no 聚合支付 channel and no 支付失败 order (a channel's callback tells only a payment): the two dictionary items go, where no payment uses them.
DELETE FROM "dictionary_items" i USING "dictionaries" d
WHERE d."id" = i."dict_id" AND d."dict_code" = 'pay_channel' AND i."item_value" = '6'
  AND NOT EXISTS (SELECT 1 FROM "pay_payment" p WHERE p."channel" = '6');
--> statement-breakpoint
DELETE FROM "dictionary_items" i USING "dictionaries" d
WHERE d."id" = i."dict_id" AND d."dict_code" = 'pay_status' AND i."item_value" = '2'
  AND NOT EXISTS (SELECT 1 FROM "pay_payment" p WHERE p."status" = '2');
