-- A payment's posting time may be given (p_now): the sample school is made by the product's own
-- services over a simulated stretch of weeks, and its payments are posted at the simulated time.
-- Null, as every live payment sends it, keeps 0088's rule: the time once the account is locked.
-- The twelve-argument form is replaced, not overloaded (a call with twelve arguments takes the default).
DROP FUNCTION IF EXISTS fin_consume(integer, text, text, text, text, bigint, text, text, text, text, timestamptz, date);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fin_consume(
  p_tenant integer, p_operator text, p_key text, p_hash text, p_card text, p_price bigint,
  p_canteen text, p_store text, p_terminal text, p_meal text, p_occurred timestamptz, p_day date,
  p_now timestamptz DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_card record;
  rule record;
  v_replay text;
  v_taken boolean := false;
  v_amount bigint := p_price;
  v_allow bigint := 0;
  v_kept bigint := 0;
  v_grant bigint;
  v_own bigint;
  v_left bigint;
  v_floor bigint;
  v_sub bigint;
  v_gift bigint;
  v_cash bigint;
  v_spent bigint := 0;
  v_count integer := 0;
  -- In time order (microseconds, then random): each posting's header and lines go to the right
  -- edge of their keys' indexes, not to a random page of them.
  v_id text;
  v_no text;
  v_notes text[] := '{}';
  v_summary text;
  v_now timestamptz;
BEGIN
  -- The card by its printed number, else its chip's, each on its own index (a card in use before a
  -- cancelled one with the same number). Read as the payment arrived: a 挂失 committed while this
  -- waits for the account's lock orders after it.
  SELECT c.id, c.account_id, c.card_status, c.expire_date INTO v_card
    FROM memb_card c WHERE c.tenant_id = p_tenant AND c.card_no = p_card ORDER BY c.card_status = '4' LIMIT 1;
  IF NOT FOUND THEN
    SELECT c.id, c.account_id, c.card_status, c.expire_date INTO v_card
      FROM memb_card c WHERE c.tenant_id = p_tenant AND c.phys_no = p_card ORDER BY c.card_status = '4' LIMIT 1;
    IF NOT FOUND THEN RETURN jsonb_build_object('refused', 'NO_CARD'); END IF;
  END IF;
  -- Its account, locked: postings to one account happen one at a time; money read after the wait.
  SELECT a.id, a.del_flag, a.member_id, a.account_status, a.cash_cents, a.subsidy_cents, a.gift_cents, a.deposit_cents, a.version,
         a.single_limit_cents, a.daily_limit_cents, a.daily_limit_count,
         v_card.id AS card_id, v_card.card_status AS card_status, v_card.expire_date AS expire_date,
         t.id AS type_id, coalesce(t.allow_overdraft, false) AS allow_overdraft, coalesce(t.overdraft_limit_cents, 0) AS overdraft_limit
    INTO r
    FROM memb_account a
    LEFT JOIN memb_member m ON m.id = a.member_id
    LEFT JOIN memb_member_type t ON t.id = m.member_type_id
   WHERE a.id = v_card.account_id AND a.tenant_id = p_tenant
     FOR UPDATE OF a;
  IF NOT FOUND THEN RETURN jsonb_build_object('refused', 'NO_CARD'); END IF;
  -- The posting's time and id once the account is ours: postings to one account then carry times
  -- (and time-ordered ids) in the order they were made, whoever waited for the lock.
  v_now := coalesce(p_now, clock_timestamp());
  v_id := lpad(to_hex((extract(epoch from v_now) * 1000000)::bigint), 14, '0') || lpad(to_hex((random() * 68719476735)::bigint), 9, '0') || lpad(to_hex((random() * 68719476735)::bigint), 9, '0');
  -- Under the account's lock (a new snapshot per statement): a duplicate sent at the same moment
  -- waited above, and now finds the first posting.
  SELECT (SELECT x.id FROM fin_txn x WHERE x.tenant_id = p_tenant AND x.operator = p_operator AND x.idempotency_key = p_key),
         coalesce(day.spent_cents, 0), coalesce(day.payments, 0)
    INTO v_replay, v_spent, v_count
    FROM (SELECT 1) one LEFT JOIN fin_account_day day ON day.account_id = r.id AND day.acc_date = p_day;
  IF v_replay IS NOT NULL THEN RETURN jsonb_build_object('replay', v_replay); END IF;
  IF r.del_flag <> 0 THEN RETURN jsonb_build_object('refused', 'NO_ACCOUNT'); END IF;
  IF r.card_status = '2' THEN RETURN jsonb_build_object('refused', 'CARD_LOST'); END IF;
  IF r.card_status = '3' THEN RETURN jsonb_build_object('refused', 'CARD_FROZEN'); END IF;
  IF r.card_status = '4' THEN RETURN jsonb_build_object('refused', 'CARD_CANCELLED'); END IF;
  IF r.card_status = '5' THEN RETURN jsonb_build_object('refused', 'CARD_DAMAGED'); END IF;
  IF r.expire_date < p_day THEN RETURN jsonb_build_object('refused', 'CARD_EXPIRED'); END IF;
  IF r.account_status = '3' THEN RETURN jsonb_build_object('refused', 'ACCOUNT_CLOSED'); END IF;
  IF r.account_status = '2' THEN RETURN jsonb_build_object('refused', 'ACCOUNT_FROZEN'); END IF;

  -- The member type's most particular discount row in force that day (canteen, store, meal).
  IF r.type_id IS NOT NULL THEN
    SELECT d.fixed_price_cents, d.discount_permille, d.allowance_mode, d.allowance_cents, d.allowance_permille, d.allowance_validity
      INTO rule
      FROM memb_type_discount d
     WHERE d.tenant_id = p_tenant AND d.member_type_id = r.type_id AND d.del_flag = 0
       AND (CASE WHEN p_canteen IS NULL THEN d.canteen_id IS NULL ELSE d.canteen_id IS NULL OR d.canteen_id = p_canteen END)
       AND (CASE WHEN p_store IS NULL THEN d.store_id IS NULL ELSE d.store_id IS NULL OR d.store_id = p_store END)
       AND (CASE WHEN p_meal IS NULL THEN d.meal_type IS NULL ELSE d.meal_type IS NULL OR d.meal_type = p_meal END)
       AND coalesce(d.valid_from, '0001-01-01') <= p_day AND coalesce(d.valid_to, '9999-12-31') >= p_day
     ORDER BY (d.canteen_id IS NOT NULL) DESC, (d.store_id IS NOT NULL) DESC, (d.meal_type IS NOT NULL) DESC, d.discount_permille
     LIMIT 1;
    IF FOUND THEN
      IF rule.fixed_price_cents IS NOT NULL THEN
        v_amount := least(p_price, rule.fixed_price_cents);
        IF v_amount <> p_price THEN v_notes := v_notes || format('原价 %s 元，固定价', to_char(p_price / 100.0, 'FM999999990.00')); END IF;
      ELSE
        v_amount := greatest(1, round(p_price * rule.discount_permille / 1000.0)::bigint);
        IF v_amount <> p_price THEN v_notes := v_notes || format('原价 %s 元，折扣 %s‰', to_char(p_price / 100.0, 'FM999999990.00'), rule.discount_permille); END IF;
      END IF;
      IF rule.allowance_mode <> '0' THEN
        -- Once per meal a day: the first payment of that meal takes it.
        SELECT EXISTS (
          SELECT 1 FROM fin_txn t JOIN fin_entry e ON e.txn_id = t.id AND e.account_ref = '6602' AND e.dc = 'D'
           WHERE t.account_id = r.id AND t.txn_type = 'CONSUME' AND t.acc_date = p_day
             AND (CASE WHEN p_meal IS NULL THEN t.meal_type IS NULL ELSE t.meal_type = p_meal END)) INTO v_taken;
        IF NOT v_taken THEN
          v_grant := CASE rule.allowance_mode WHEN '1' THEN coalesce(rule.allowance_cents, 0) WHEN '2' THEN v_amount
                     ELSE round(v_amount * coalesce(rule.allowance_permille, 0) / 1000.0)::bigint END;
          v_allow := least(v_grant, v_amount);
          v_kept := CASE WHEN rule.allowance_mode = '1' AND rule.allowance_validity = '2' THEN v_grant - v_allow ELSE 0 END;
        END IF;
      END IF;
    END IF;
  END IF;
  IF v_allow > 0 THEN v_notes := v_notes || format('餐补 %s 元', to_char(v_allow / 100.0, 'FM999999990.00')); END IF;
  IF v_kept > 0 THEN v_notes := v_notes || format('餐补余额 %s 元转入补助', to_char(v_kept / 100.0, 'FM999999990.00')); END IF;
  v_summary := CASE WHEN cardinality(v_notes) > 0 THEN '消费（' || array_to_string(v_notes, '，') || '）' ELSE '消费' END;

  -- Limits guard the member's own money: what the wallets pay, not the allowance.
  v_own := v_amount - v_allow;
  IF r.single_limit_cents IS NOT NULL AND v_own > r.single_limit_cents THEN
    RETURN jsonb_build_object('refused', 'SINGLE_LIMIT', 'limit', r.single_limit_cents);
  END IF;
  IF r.daily_limit_cents IS NOT NULL OR r.daily_limit_count IS NOT NULL THEN
    IF r.daily_limit_cents IS NOT NULL AND v_spent + v_own > r.daily_limit_cents THEN
      RETURN jsonb_build_object('refused', 'DAILY_LIMIT', 'limit', r.daily_limit_cents);
    END IF;
    IF r.daily_limit_count IS NOT NULL AND v_count + 1 > r.daily_limit_count THEN
      RETURN jsonb_build_object('refused', 'DAILY_COUNT', 'limit', r.daily_limit_count);
    END IF;
  END IF;

  -- Subsidy first, then gift, then cash (below zero only down to the type's 透支额度).
  v_floor := CASE WHEN r.allow_overdraft THEN -r.overdraft_limit ELSE 0 END;
  v_left := v_own;
  v_sub := least(v_left, r.subsidy_cents);
  v_left := v_left - v_sub;
  v_gift := least(v_left, r.gift_cents);
  v_left := v_left - v_gift;
  v_cash := least(v_left, greatest(r.cash_cents - v_floor, 0));
  v_left := v_left - v_cash;
  IF v_left > 0 THEN
    IF v_floor < 0 THEN RETURN jsonb_build_object('refused', 'OVERDRAFT', 'limit', r.overdraft_limit); END IF;
    RETURN jsonb_build_object('refused', 'INSUFFICIENT');
  END IF;

  v_no := to_char(p_day, 'YYYYMMDD') || lpad(nextval('fin_txn_no_seq')::text, 10, '0');
  INSERT INTO fin_txn (id, tenant_id, txn_no, idempotency_key, request_hash, txn_type, account_id, card_id, amount_cents, channel, canteen_id, store_id, terminal_id, meal_type,
                       operator, occurred_at, posted_at, acc_date, summary, cash_after_cents, subsidy_after_cents, gift_after_cents, deposit_after_cents, account_seq)
  VALUES (v_id, p_tenant, v_no, p_key, p_hash, 'CONSUME', r.id, r.card_id, v_amount, NULL, p_canteen, p_store, p_terminal, p_meal,
          p_operator, p_occurred, v_now, p_day, v_summary, r.cash_cents - v_cash, r.subsidy_cents - v_sub + v_kept, r.gift_cents - v_gift, r.deposit_cents, r.version + 1);
  -- The lines, in the service's order (subsidy, gift, cash, allowance, the takings, what the allowance
  -- leaves to the subsidy wallet), each member line with its wallet's balance after it.
  INSERT INTO fin_entry (tenant_id, txn_id, seq, account_ref, wallet, dc, amount_cents, balance_after_cents)
  SELECT p_tenant, v_id, row_number() OVER (ORDER BY line.n), line.ref, line.wallet, line.dc, line.amount, line.after
    FROM (VALUES (1, r.id, 'SUBSIDY', 'D', v_sub, r.subsidy_cents - v_sub),
                 (2, r.id, 'GIFT', 'D', v_gift, r.gift_cents - v_gift),
                 (3, r.id, 'CASH', 'D', v_cash, r.cash_cents - v_cash),
                 (4, '6602', NULL, 'D', v_allow, NULL),
                 (5, '2004', NULL, 'C', v_amount, NULL),
                 (6, '6602', NULL, 'D', v_kept, NULL),
                 (7, r.id, 'SUBSIDY', 'C', v_kept, r.subsidy_cents - v_sub + v_kept)) AS line(n, ref, wallet, dc, amount, after)
   WHERE line.amount > 0;
  INSERT INTO fin_account_day (account_id, acc_date, spent_cents, payments) VALUES (r.id, p_day, v_sub + v_gift + v_cash, 1)
    ON CONFLICT (account_id, acc_date) DO UPDATE SET spent_cents = fin_account_day.spent_cents + excluded.spent_cents, payments = fin_account_day.payments + 1;
  UPDATE memb_account SET cash_cents = r.cash_cents - v_cash, subsidy_cents = r.subsidy_cents - v_sub + v_kept, gift_cents = r.gift_cents - v_gift,
         version = version + 1, total_consume_cents = total_consume_cents + v_amount, update_time = v_now, update_by = p_operator
   WHERE id = r.id;
  RETURN jsonb_build_object(
    'id', v_id, 'txnNo', v_no, 'accountId', r.id, 'amount', v_amount, 'postedAt', v_now,
    'cash', r.cash_cents - v_cash, 'subsidy', r.subsidy_cents - v_sub + v_kept, 'gift', r.gift_cents - v_gift, 'deposit', r.deposit_cents,
    'parts', jsonb_strip_nulls(jsonb_build_object(
      'SUBSIDY', CASE WHEN v_sub + v_kept > 0 THEN v_sub + v_kept END,
      'GIFT', CASE WHEN v_gift > 0 THEN v_gift END,
      'CASH', CASE WHEN v_cash > 0 THEN v_cash END)));
END;
$$;
