import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Check, CheckCircle2, XCircle } from 'lucide-react';
import { member } from '@shared/entities/members/member';
import { memberType } from '@shared/entities/members/memberType';
import type { FieldSpec } from '@shared/engine/spec';
import { cardOfficeApi } from '@web/api/cardOffice';
import { entityApi } from '@web/api/entities';
import { Button } from '@web/components/ui/Button';
import { Field, TextField } from '@web/dialogs/fields';
import { refusalOf, useRecord, yuan } from '@web/dialogs/cardOffice/shared';
import { FieldInput } from '@web/engine/FieldInput';
import { useLocale, useT, type MessageKey } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { useDicts } from '@web/stores/dicts';
import { useRefChoices } from '@web/engine/useRefOptions';

/** The person's fields asked in the first step, as 人员管理 declares them. */
const PERSON_FIELDS = ['memberNo', 'realName', 'sex', 'memberTypeId', 'deptId'].map((key) => member.fields.find((field) => field.key === key)!);
const CARD_NO = /^\d{4,20}$/;
const PHYS_NO = /^[0-9A-Fa-f]{8,16}$/;
const STEPS: readonly MessageKey[] = ['stepForm.step.person', 'stepForm.step.card', 'stepForm.step.confirm', 'stepForm.step.done'];

interface Person {
  memberNo: string;
  realName: string;
  sex: string;
  memberTypeId: string;
  deptId: string;
}
const EMPTY_PERSON: Person = { memberNo: '', realName: '', sex: '1', memberTypeId: '', deptId: '' };
const valueOf = (person: Person, key: string) => person[key as keyof Person];

type Outcome = { ok: true; deposit: number } | { ok: false; reason: string; back: 0 | 1 };

const newKey = () => crypto.randomUUID().replaceAll('-', '');

/**
 * 分步表单 as the card office uses it: 开户发卡 for a new pupil in three steps — who they are (as
 * 人员管理 asks), their card (with the type's deposit and card fee shown), a last look — then the
 * result: the account opened, or the reason it was not with the step to go back to. The person is
 * added once; a retry only opens the account (one idempotency key per attempt's content).
 */
export default function StepForm() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const navigate = useNavigate();
  const dicts = useDicts((state) => state.items);
  const choices = useRefChoices(PERSON_FIELDS);
  const [step, setStep] = useState(0);
  const [person, setPerson] = useState<Person>(EMPTY_PERSON);
  const [card, setCard] = useState({ cardNo: '', physNo: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [memberId, setMemberId] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const type = useRecord(memberType, person.memberTypeId || undefined);
  const deposit = type ? Number(type.deposit ?? 0) : null;
  const cardFee = type ? Number(type.cardFee ?? 0) : null;
  const body = useRef<HTMLFormElement>(null);

  // Each step starts with the keyboard in its first field (or its main button).
  useEffect(() => {
    const first = body.current?.querySelector<HTMLElement>('input:not([type="radio"]), button[role="combobox"], [data-step-main]');
    first?.focus();
  }, [step, outcome]);

  const textOf = (field: FieldSpec, value: string) => {
    if (field.type === 'dict') return dicts[field.dict!]?.find((item) => item.value === value)?.text ?? value;
    if (field.type === 'ref') return choices[field.key]?.find((option) => option.value === value)?.text ?? value;
    return value;
  };

  const checkPerson = () => {
    const found: Record<string, string> = {};
    for (const field of PERSON_FIELDS) if (!valueOf(person, field.key).trim()) found[field.key] = t('stepForm.required', { field: field.title[locale] });
    if (person.memberNo.trim().length > 32) found.memberNo = t('stepForm.tooLong', { field: PERSON_FIELDS[0]!.title[locale], max: 32 });
    return found;
  };
  const checkCard = () => {
    const found: Record<string, string> = {};
    if (!CARD_NO.test(card.cardNo.trim())) found.cardNo = t('cardOffice.cardNoInvalid');
    if (!PHYS_NO.test(card.physNo.trim())) found.physNo = t('cardOffice.physNoInvalid');
    return found;
  };

  async function finish() {
    setBusy(true);
    try {
      let id = memberId;
      if (!id) {
        try {
          id = (await entityApi.add(member, { ...person, memberStatus: '1' })).id;
          setMemberId(id);
        } catch (failure) {
          setOutcome({ ok: false, reason: refusalOf(failure), back: 0 });
          return;
        }
      }
      try {
        const posted = await cardOfficeApi.openAccount({ idempotencyKey: key, memberId: id, cardNo: card.cardNo.trim(), physNo: card.physNo.trim() });
        setOutcome({ ok: true, deposit: posted.balances.DEPOSIT ?? 0 });
      } catch (failure) {
        setOutcome({ ok: false, reason: refusalOf(failure), back: 1 });
      }
    } finally {
      setBusy(false);
      setStep(3);
    }
  }

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step === 0 || step === 1) {
      const found = step === 0 ? checkPerson() : checkCard();
      setErrors(found);
      if (Object.keys(found).length) return;
      setStep(step + 1);
      return;
    }
    if (step === 2) void finish();
  };

  const backTo = (target: number) => {
    setOutcome(null);
    // Changed details are another request: a new key.
    setKey(newKey());
    setStep(target);
  };

  const restart = () => {
    setPerson({ ...EMPTY_PERSON, memberTypeId: person.memberTypeId, deptId: person.deptId });
    setCard({ cardNo: '', physNo: '' });
    setMemberId(null);
    setKey(newKey());
    setOutcome(null);
    setStep(0);
  };

  return (
    <section className="rounded bg-surface p-6" data-testid="step-form">
      <ol className="mx-auto mb-8 flex max-w-3xl items-center" aria-label={t('stepForm.steps')}>
        {STEPS.map((label, index) => (
          <li key={label} className="flex flex-1 items-center gap-2 last:flex-none" aria-current={index === step ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-sm',
                index < step ? 'border-primary text-primary-strong' : index === step ? 'border-primary bg-primary text-white' : 'border-border text-text-muted',
              )}
            >
              {index < step ? <Check className="size-4" aria-hidden /> : index + 1}
            </span>
            <span className={cn('shrink-0 text-sm', index === step ? 'font-medium text-text' : 'text-text-muted')}>{t(label)}</span>
            {index < STEPS.length - 1 ? <span className="mx-3 h-px flex-1 bg-border" aria-hidden /> : null}
          </li>
        ))}
      </ol>
      <form ref={body} onSubmit={next} className="mx-auto flex max-w-xl flex-col gap-1" data-testid={`step-${step}`} noValidate>
        {step === 0
          ? PERSON_FIELDS.map((field, index) => (
              <FieldInput
                key={field.key}
                field={field}
                value={valueOf(person, field.key)}
                error={errors[field.key]}
                onChange={(value) => {
                  setPerson({ ...person, [field.key]: String(value) });
                  setErrors({ ...errors, [field.key]: undefined });
                }}
                onBlur={() => undefined}
                autoFocus={index === 0}
              />
            ))
          : null}
        {step === 1 ? (
          <>
            <Field label={t('cardOffice.toCollect')}>
              <span className="pt-1.5 text-sm tabular-nums" data-testid="step-fees">
                {deposit === null || cardFee === null ? '…' : t('cardOffice.openFees', { deposit: deposit.toFixed(2), cardFee: cardFee.toFixed(2), total: (deposit + cardFee).toFixed(2) })}
              </span>
            </Field>
            <TextField label={t('cardOffice.cardNo')} required inputMode="numeric" value={card.cardNo} onChange={(event) => setCard({ ...card, cardNo: event.target.value })} error={errors.cardNo} />
            <TextField label={t('cardOffice.physNo')} required value={card.physNo} onChange={(event) => setCard({ ...card, physNo: event.target.value })} error={errors.physNo} />
          </>
        ) : null}
        {step === 2 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded bg-canvas p-5 text-sm" data-testid="step-summary">
            {PERSON_FIELDS.map((field) => (
              <div key={field.key} className="contents">
                <dt className="text-text-muted">{field.title[locale]}</dt>
                <dd>{textOf(field, valueOf(person, field.key))}</dd>
              </div>
            ))}
            <dt className="text-text-muted">{t('cardOffice.cardNo')}</dt>
            <dd>{card.cardNo}</dd>
            <dt className="text-text-muted">{t('cardOffice.physNo')}</dt>
            <dd>{card.physNo}</dd>
            <dt className="text-text-muted">{t('cardOffice.toCollect')}</dt>
            <dd className="tabular-nums">{deposit === null || cardFee === null ? '…' : `¥${(deposit + cardFee).toFixed(2)}`}</dd>
          </dl>
        ) : null}
        {step === 3 && outcome ? (
          <div className="flex flex-col items-center gap-3 py-4 text-center" data-testid={outcome.ok ? 'step-done' : 'step-failed'}>
            {outcome.ok ? <CheckCircle2 className="size-14 text-[#389e0d]" aria-hidden /> : <XCircle className="size-14 text-danger" aria-hidden />}
            <h2 className="text-xl font-medium">{t(outcome.ok ? 'stepForm.doneTitle' : 'stepForm.failedTitle')}</h2>
            <p className="text-text-muted" role={outcome.ok ? 'status' : 'alert'}>
              {outcome.ok ? t('stepForm.doneText', { name: person.realName, cardNo: card.cardNo, deposit: yuan(outcome.deposit) }) : outcome.reason}
            </p>
          </div>
        ) : null}
        <div className="mt-4 flex justify-center gap-3">
          {step === 1 || step === 2 ? (
            <Button type="button" onClick={() => setStep(step - 1)} disabled={busy}>
              {t('stepForm.previous')}
            </Button>
          ) : null}
          {step < 2 ? (
            <Button type="submit" variant="primary" data-step-main={step === 1 ? '' : undefined}>
              {t('stepForm.next')}
            </Button>
          ) : null}
          {step === 2 ? (
            <Button type="submit" variant="primary" disabled={busy} data-step-main="">
              {t('stepForm.open')}
            </Button>
          ) : null}
          {step === 3 && outcome?.ok ? (
            <>
              <Button type="button" variant="primary" onClick={restart} data-step-main="">
                {t('stepForm.again')}
              </Button>
              <Button type="button" onClick={() => navigate(`/do/account.recharge?person=${encodeURIComponent(person.memberNo.trim())}`)}>
                {t('stepForm.recharge')}
              </Button>
            </>
          ) : null}
          {step === 3 && outcome && !outcome.ok ? (
            <Button type="button" variant="primary" onClick={() => backTo(outcome.back)} data-step-main="">
              {t('stepForm.fix')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
