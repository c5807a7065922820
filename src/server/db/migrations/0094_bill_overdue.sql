-- 逾期 is stored now (flow.overdue, moved by 到期处理): 到期账单 lists the late bills as well as those still open.
CREATE OR REPLACE VIEW "v_pay_bill" AS
select b.id, b.tenant_id, b.del_flag, b.bill_no, case b.fee_type when '1' then '1' when '2' then '7' when '5' then '5' else '9' end as item_type, 'tuition'::text as bill_kind,
  m.real_name || '（' || m.member_no || '）' as target, b.dept_id as dept_id, null::text as building, t.name as period,
  b.due_cents, b.paid_cents - b.refunded_cents as paid_cents, b.owed_cents, b.due_date,
  (b.due_date - (now() at time zone s.time_zone)::date)::int as days_left,
  case when b.owed_cents > 0 and b.due_date < (now() at time zone s.time_zone)::date then '5' else b.pay_status end as pay_status,
  b.remind_count, b.last_remind_time
from pay_tuition_bill b
join tenants s on s.id = b.tenant_id
join memb_member m on m.id = b.member_id
left join pay_school_term t on t.id = b.term_id
where b.pay_status in ('0', '1', '5')
union all
select b.id, b.tenant_id, b.del_flag, b.bill_no, case b.utility_type when '2' then '3' else '2' end, case b.utility_type when '2' then 'electric' else 'water' end,
  b.building || ' ' || b.room || coalesce('（' || m.real_name || '）', ''), m.dept_id, b.building, b.period,
  b.due_cents, b.paid_cents - b.refunded_cents, b.owed_cents, b.due_date,
  (b.due_date - (now() at time zone s.time_zone)::date)::int,
  case when b.owed_cents > 0 and b.due_date < (now() at time zone s.time_zone)::date then '5' else b.pay_status end,
  b.remind_count, b.last_remind_time
from pay_utility_bill b
join tenants s on s.id = b.tenant_id
left join memb_member m on m.id = b.member_id
where b.bill_status = '1' and b.pay_status in ('0', '1', '5')
union all
select b.id, b.tenant_id, b.del_flag, b.bill_no, '4'::text, 'property'::text,
  h.name || coalesce('（' || o.name || '）', ''), m.dept_id, b.building, b.period_from || '~' || b.period_to,
  b.due_cents, b.paid_cents - b.refunded_cents, b.owed_cents, b.due_date,
  (b.due_date - (now() at time zone s.time_zone)::date)::int,
  case when b.owed_cents > 0 and b.due_date < (now() at time zone s.time_zone)::date then '5' else b.pay_status end,
  b.remind_count, b.last_remind_time
from pay_property_bill b
join tenants s on s.id = b.tenant_id
join prop_house h on h.id = b.house_id
left join prop_owner o on o.id = b.owner_id
left join memb_member m on m.id = b.member_id
where b.pay_status in ('0', '1', '5');
